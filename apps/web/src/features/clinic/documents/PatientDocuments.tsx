import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicAssignment, DocumentAction } from '@portal/protocol';
import { showNotice } from '../../../api/notice-store.ts';
import { holdsPermission } from '../../../api/staff-pages.ts';
import { useSession } from '../../../api/use-session.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useChartDocuments } from '../clinic-api.ts';
import { useChartFormat } from '../chart/use-chart-format.ts';
import { AssignDocumentForm } from './AssignDocumentForm.tsx';
import { documentErrorKey } from './document-error.ts';
import { clinicMovesFor } from './document-moves.ts';
import { documentNotice } from './document-notice.ts';
import { DocumentRecord, ReferenceReads } from './DocumentRecord.tsx';
import { downloadSignedPdf, useClinicAssignments, useDocumentMove } from './documents-api.ts';
import { mergeDocuments, type PatientDocument } from './patient-documents.ts';
import '../clinic.css';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

type PendingMove = { assignment: ClinicAssignment; action: DocumentAction };

function StatusLine({ document }: { document: PatientDocument }) {
  const { t } = useTranslation('clinic');
  const format = useChartFormat();
  return (
    <p>
      <span className={`doc-status doc-status--${document.status}`}>
        {t('chart.documents.status', { status: t(`chart.documents.statuses.${document.status}`) })}
      </span>
      {document.due_at && <> · {t('chart.documents.due', { date: format.day(document.due_at) })}</>}
      {' · '}
      {t('chart.documents.version', { version: document.template_version })}
      {document.edition && (
        <>
          {' · '}
          {t('chart.documents.edition', { edition: t(`chart.documents.languages.${document.edition}`) })}
        </>
      )}
    </p>
  );
}

/** The clinic's moves on one document and its signed PDF (manage_documents). */
function DocumentActions({
  assignment,
  onMove,
  onFailed,
}: {
  assignment: ClinicAssignment;
  onMove: (move: PendingMove) => void;
  onFailed: (key: string | null) => void;
}) {
  const { t } = useTranslation('clinic');
  const [downloading, setDownloading] = useState(false);
  const moves = clinicMovesFor(assignment.status);
  if (moves.length === 0 && !assignment.signed_sha256) return null;
  const download = () => {
    setDownloading(true);
    onFailed(null);
    downloadSignedPdf(assignment.id)
      .catch((e: unknown) => onFailed(documentErrorKey(e)))
      .finally(() => setDownloading(false));
  };
  return (
    <div className="document-moves">
      {moves.map(({ action, danger }) => (
        <button
          key={action}
          type="button"
          className={`button ${danger ? 'button--danger-outline' : 'button--secondary'}`}
          onClick={() => onMove({ assignment, action })}
        >
          {t(`chart.documents.moves.${action}.label`)}
          <span className="visually-hidden"> {assignment.title}</span>
        </button>
      ))}
      {assignment.signed_sha256 && (
        <button type="button" className="button button--secondary" disabled={downloading} onClick={download}>
          {t(downloading ? 'chart.documents.downloading' : 'chart.documents.download')}
          <span className="visually-hidden"> {assignment.title}</span>
        </button>
      )}
    </div>
  );
}

/**
 * The patient's documents, each once: with read_chart their history, certificate and the
 * reference documents read; with manage_documents the clinic's moves, the signed PDF and the
 * form that sends one. Nothing is asked of a route the staff member may not use.
 */
export function PatientDocuments({ patientId, patientName }: { patientId: string; patientName: string }) {
  const { t } = useTranslation('clinic');
  const session = useSession();
  const readsChart = holdsPermission(session, 'read_chart');
  const manages = holdsPermission(session, 'manage_documents');
  const chart = useChartDocuments(patientId, readsChart);
  const assignments = useClinicAssignments(patientId, manages);
  const move = useDocumentMove(patientId);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reads = [...(readsChart ? [chart] : []), ...(manages ? [assignments] : [])];
  if (reads.length === 0) return null;

  const loading = reads.some((read) => read.isPending);
  const failed = reads.some((read) => read.isError);
  const documents = loading ? [] : mergeDocuments(chart.data?.items, assignments.data?.items);
  const confirm = () => {
    if (!pending) return;
    const { assignment, action } = pending;
    move.mutate(
      { id: assignment.id, action, version: assignment.version },
      {
        onSuccess: () => {
          showNotice(documentNotice(action));
          setPending(null);
        },
        onError: (e) => setError(documentErrorKey(e)),
      },
    );
  };

  return (
    <section className="card patient-documents" aria-labelledby="patient-documents-title">
      <h2 id="patient-documents-title">{t('chart.documents.title')}</h2>
      {loading && <p>{t('chart.loading')}</p>}
      {failed && <p role="alert">{t('chart.failed')}</p>}
      <FormAlert message={error && !pending && t(error)} />
      {!loading && !failed && documents.length === 0 && <p>{t('chart.documents.none')}</p>}
      {documents.map((document) => (
        <article
          key={document.id}
          className="chart-document"
          aria-labelledby={`chart-document-${document.id}`}
        >
          <h3 id={`chart-document-${document.id}`}>{document.title}</h3>
          <StatusLine document={document} />
          {document.assignment && (
            <DocumentActions
              assignment={document.assignment}
              onMove={(next) => {
                setError(null);
                move.reset();
                setPending(next);
              }}
              onFailed={setError}
            />
          )}
          {document.record && <DocumentRecord document={document.record} />}
        </article>
      ))}
      {chart.data && <ReferenceReads reference={chart.data.reference} />}
      {manages && <AssignDocumentForm patientId={patientId} />}
      {pending && (
        <ConfirmDialog
          title={t(`chart.documents.moves.${pending.action}.title`, { title: pending.assignment.title })}
          body={t(`chart.documents.moves.${pending.action}.body`, { name: patientName })}
          confirmLabel={t(`chart.documents.moves.${pending.action}.label`)}
          cancelLabel={t('chart.documents.cancel')}
          busyLabel={t('chart.documents.working')}
          danger={clinicMovesFor(pending.assignment.status).some(
            (m) => m.action === pending.action && m.danger,
          )}
          busy={move.isPending}
          error={error && t(error)}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
