import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicAssignment, DocumentAction } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { DAY, formatDate } from '../../i18n/format.ts';
import { documentErrorKey } from './admin-error.ts';
import { AssignDocumentForm } from './AssignDocumentForm.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { clinicMovesFor } from './document-moves.ts';
import { downloadSignedPdf, useDocumentMove, usePatientDocuments } from './patient-records-api.ts';
import { adminNotice } from './use-account-action.ts';

/** The patient's documents with their status, the clinic's moves, and the signed PDF. */
export function DocumentsPanel({ patientId, patientName }: { patientId: string; patientName: string }) {
  const { t, i18n } = useTranslation('admin');
  const documents = usePatientDocuments(patientId);
  const move = useDocumentMove();
  const [pending, setPending] = useState<{ document: ClinicAssignment; action: DocumentAction } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const day = (iso: string | null) => (iso ? formatDate(new Date(iso), i18n.language, DAY) : '—');

  const confirm = () => {
    if (!pending) return;
    const { document, action } = pending;
    move.mutate(
      { id: document.id, action, version: document.version },
      {
        onSuccess: () => {
          showNotice(adminNotice(`document_${action}`));
          setPending(null);
        },
        onError: (e) => setError(documentErrorKey(e)),
      },
    );
  };
  const download = (id: string) =>
    downloadSignedPdf(id).catch((e: unknown) => {
      const key = documentErrorKey(e);
      if (key) setError(key);
    });

  return (
    <section className="card detail-card" aria-labelledby="detail-documents">
      <h2 id="detail-documents">{t('detail.documents.title')}</h2>
      {documents.isPending && <p>{t('common.loading')}</p>}
      {documents.isError && <p role="alert">{t(documentErrorKey(documents.error) ?? 'errors.generic')}</p>}
      {error && !pending && (
        <p className="form-alert form-alert--error" role="alert">
          {t(error)}
        </p>
      )}
      {documents.data?.items.length === 0 && <p>{t('detail.documents.none')}</p>}
      {documents.data && documents.data.items.length > 0 && (
        <table className="data-table">
          <caption className="visually-hidden">
            {t('detail.documents.caption', { name: patientName })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('detail.documents.document')}</th>
              <th scope="col">{t('detail.documents.status')}</th>
              <th scope="col">{t('detail.documents.due')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('users.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.data.items.map((document) => (
              <tr key={document.id}>
                <th scope="row" data-label={t('detail.documents.document')}>
                  {document.title}
                </th>
                <td data-label={t('detail.documents.status')}>
                  <span className={`doc-status doc-status--${document.status}`}>
                    {t(`detail.documents.statuses.${document.status}`)}
                  </span>
                </td>
                <td data-label={t('detail.documents.due')}>{day(document.due_at)}</td>
                <td className="document-moves">
                  {clinicMovesFor(document).map(({ action, danger }) => (
                    <button
                      key={action}
                      type="button"
                      className={`button ${danger ? 'button--danger-outline' : 'button--secondary'}`}
                      onClick={() => {
                        setError(null);
                        setPending({ document, action });
                      }}
                    >
                      {t(`detail.documents.moves.${action}.label`)}
                      <span className="visually-hidden"> {document.title}</span>
                    </button>
                  ))}
                  {document.signed_sha256 && (
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => void download(document.id)}
                    >
                      {t('detail.documents.download')}
                      <span className="visually-hidden"> {document.title}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AssignDocumentForm patientId={patientId} />
      {pending && (
        <ConfirmDialog
          title={t(`detail.documents.moves.${pending.action}.title`, { title: pending.document.title })}
          body={t(`detail.documents.moves.${pending.action}.body`, { name: patientName })}
          confirmLabel={t(`detail.documents.moves.${pending.action}.label`)}
          danger={clinicMovesFor(pending.document).some((m) => m.action === pending.action && m.danger)}
          busy={move.isPending}
          error={error}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
