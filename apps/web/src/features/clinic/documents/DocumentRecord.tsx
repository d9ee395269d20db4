import { useTranslation } from 'react-i18next';
import type { ChartDocument, ChartDocumentEvent, ChartReferenceRead } from '@portal/protocol';
import { useChartFormat } from '../chart/use-chart-format.ts';

// What the chart read (read_chart) adds to a document: its decline reason, its whole history
// and its signed copy's certificate; and whether the patient opened each reference document.

function Certificate({ signed }: { signed: NonNullable<ChartDocument['signed']> }) {
  const { t } = useTranslation('clinic');
  const format = useChartFormat();
  const rows = [
    ['signedAt', format.moment(signed.signed_at)],
    ['original', signed.original_sha256],
    ['stamped', signed.stamped_sha256],
    ['signedFile', signed.signed_sha256],
  ] as const;
  return (
    <>
      <h4>{t('chart.documents.certificate')}</h4>
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

/** One document's decline reason, history and certificate, as the chart read them. */
export function DocumentRecord({ document }: { document: ChartDocument }) {
  const { t } = useTranslation('clinic');
  return (
    <>
      {document.rejection_reason && (
        <div className="chart-document__reason">
          <h4>{t('chart.documents.declined')}</h4>
          <p>{document.rejection_reason}</p>
        </div>
      )}
      <h4>{t('chart.documents.history')}</h4>
      <ol className="chart-document__history">
        {document.events.map((event, index) => (
          <EventLine key={index} event={event} />
        ))}
      </ol>
      {document.signed && <Certificate signed={document.signed} />}
    </>
  );
}

/** Whether the patient opened each published reference document, and when first. */
export function ReferenceReads({ reference }: { reference: readonly ChartReferenceRead[] }) {
  const { t } = useTranslation('clinic');
  const format = useChartFormat();
  if (reference.length === 0) return null;
  return (
    <div className="chart-reference">
      <h3>{t('chart.documents.reference')}</h3>
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
