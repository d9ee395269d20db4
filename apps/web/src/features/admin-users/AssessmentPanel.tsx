import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '@portal/protocol';
import { DAY, formatDate } from '../../i18n/format.ts';
import { adminErrorKey } from './admin-error.ts';
import { usePatientAssessment } from './patient-records-api.ts';

const TREND_ROWS = 8;

/** The patient's latest BF-ADL score and band, when the next one falls due, and the trend. */
export function AssessmentPanel({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('admin');
  const record = usePatientAssessment(patientId);
  const text = (value: LocalizedText) => (i18n.language === 'cn' ? value.cn : value.gb);
  const day = (iso: string) => formatDate(new Date(iso), i18n.language, DAY);
  return (
    <section className="card detail-card" aria-labelledby="detail-bf-adl">
      <h2 id="detail-bf-adl">{t('detail.assessment.title')}</h2>
      {record.isPending && <p>{t('common.loading')}</p>}
      {record.isError && <p role="alert">{t(adminErrorKey(record.error) ?? 'errors.generic')}</p>}
      {record.data &&
        (() => {
          const { definition, latest, history, due, next_due_at } = record.data;
          const band = (id: string) => definition.bands.find((b) => b.id === id);
          const newestFirst = [...history].reverse().slice(0, TREND_ROWS);
          return (
            <>
              {latest ? (
                <p className="assessment-latest">
                  <span className="assessment-latest__score">
                    {t('detail.assessment.score', { score: latest.score, max: definition.scoring.max })}
                  </span>{' '}
                  {band(latest.band) && text(band(latest.band)!.label)} · {day(latest.submitted_at)}
                </p>
              ) : (
                <p>{t('detail.assessment.none')}</p>
              )}
              <p className="field__hint">
                {due
                  ? t('detail.assessment.due')
                  : next_due_at && t('detail.assessment.nextDue', { date: day(next_due_at) })}
              </p>
              {newestFirst.length > 1 && (
                <table className="data-table">
                  <caption className="visually-hidden">{t('detail.assessment.trend')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('detail.assessment.date')}</th>
                      <th scope="col">{t('detail.assessment.scoreColumn')}</th>
                      <th scope="col">{t('detail.assessment.change')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {newestFirst.map((entry, i) => {
                      const before = newestFirst[i + 1];
                      const change = before ? entry.score - before.score : null;
                      return (
                        <tr key={entry.id}>
                          <td data-label={t('detail.assessment.date')}>{day(entry.submitted_at)}</td>
                          <td data-label={t('detail.assessment.scoreColumn')}>{entry.score}</td>
                          <td data-label={t('detail.assessment.change')}>
                            {change === null ? '—' : change > 0 ? `+${change}` : String(change)}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </>
          );
        })()}
    </section>
  );
}
