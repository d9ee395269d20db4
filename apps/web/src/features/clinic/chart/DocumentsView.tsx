import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartDocument, ChartDocumentEvent, ChartReferenceRead } from '@portal/protocol';
import { downloadSignedPdf, useChartDocuments } from '../clinic-api.ts';
import { ChartSection } from './ChartSection.tsx';
import { useChartFormat } from './use-chart-format.ts';

function SignedCopy({ document }: { document: ChartDocument }) {
  const { t } = useTranslation('clinic');
  const format = useChartFormat();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!document.signed) return null;
  const rows = [
    ['signedAt', format.moment(document.signed.signed_at)],
    ['original', document.signed.original_sha256],
    ['stamped', document.signed.stamped_sha256],
    ['signedFile', document.signed.signed_sha256],
  ] as const;
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          downloadSignedPdf(document.id)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {t(busy ? 'chart.documents.downloading' : 'chart.documents.download')}
      </button>
      {failed && <p role="alert">{t('chart.failed')}</p>}
      <h5>{t('chart.documents.certificate')}</h5>
      <p className="field__hint">{t('chart.documents.certificateNote')}</p>
      <dl className="value-list chart-hashes">
        {rows.map(([key, value]) => (
          <div key={key} className="value-list__row">
            <dt>{t(`chart.documents.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** Who did what when: the named person, or the patient, the clinic or the portal itself. */
function EventLine({ event }: { event: ChartDocumentEvent }) {
  const { t } = useTranslation('clinic');
  const format = useChartFormat();
  const who = event.person ? format.name(event.person) : t(`chart.documents.by.${event.actor}`);
  const action = t(`chart.documents.actions.${event.action}`, { defaultValue: event.action });
  return (
    <li>
      <time dateTime={event.at}>{format.moment(event.at)}</time> —{' '}
      {t('chart.documents.event', { action, who })}
    </li>
  );
}

/** Whether the patient opened each published reference document, and when first. */
function ReferenceReads({ reference }: { reference: readonly ChartReferenceRead[] }) {
  const { t } = useTranslation('clinic');
  const format = useChartFormat();
  if (reference.length === 0) return null;
  return (
    <div className="chart-reference">
      <h4>{t('chart.documents.reference')}</h4>
      <ul>
        {reference.map((item) => (
          <li key={item.template_id}>
            {item.title}:{' '}
            {item.read_at ? (
              <time dateTime={item.read_at}>
                {t('chart.documents.readAt', { time: format.moment(item.read_at) })}
              </time>
            ) : (
              <strong>{t('chart.documents.unread')}</strong>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every document sent to the patient with its whole history, decline reason and signed copy. */
export function DocumentsView({ patientId }: { patientId: string }) {
  const { t } = useTranslation(['clinic', 'admin']);
  const format = useChartFormat();
  const query = useChartDocuments(patientId);
  return (
    <ChartSection id="documents" title={t('chart.documents.title')} query={query}>
      {({ items, reference }) => (
        <>
          {items.length === 0 && <p>{t('chart.documents.none')}</p>}
          {items.map((document) => (
            <article
              key={document.id}
              className="chart-document"
              aria-labelledby={`chart-document-${document.id}`}
            >
              <h4 id={`chart-document-${document.id}`}>{document.title}</h4>
              <p>
                {t('chart.documents.status', {
                  status: t(`admin:detail.documents.statuses.${document.status}`),
                })}
                {document.due_at && <> · {t('chart.documents.due', { date: format.day(document.due_at) })}</>}
                {' · '}
                {t('chart.documents.version', { version: document.template_version })}
                {document.edition && (
                  <>
                    {' '}
                    ·{' '}
                    {t('chart.documents.edition', {
                      edition: t(`chart.documents.languages.${document.edition}`),
                    })}
                  </>
                )}
              </p>
              {document.rejection_reason && (
                <div className="chart-document__reason">
                  <h5>{t('chart.documents.declined')}</h5>
                  <p>{document.rejection_reason}</p>
                </div>
              )}
              <h5>{t('chart.documents.history')}</h5>
              <ol className="chart-document__history">
                {document.events.map((event, index) => (
                  <EventLine key={index} event={event} />
                ))}
              </ol>
              <SignedCopy document={document} />
            </article>
          ))}
          <ReferenceReads reference={reference} />
        </>
      )}
    </ChartSection>
  );
}
