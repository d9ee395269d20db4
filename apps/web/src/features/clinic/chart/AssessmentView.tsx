import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { instrumentVersion, type ChartAssessmentEntry, type LocalizedText } from '@portal/protocol';
import { formatDate } from '../../../i18n/format.ts';
import { trendPoints, trendSummary } from '../../../ui/trend-summary.ts';
import { useChartAssessments } from '../clinic-api.ts';
import { ChartSection } from './ChartSection.tsx';
import { useChartFormat } from './use-chart-format.ts';

// chart.js loads with a trend to draw, never with the page.
const TrendChart = lazy(() => import('../../../ui/TrendChart.tsx'));

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * Every BF-ADL submission: score, band, change and flag in a table, a trend, and each one's
 * answers; and whether one is due now or when the next falls due.
 */
export function AssessmentView({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation(['clinic', 'intake']);
  // The trend's text alternative speaks of the patient's scores, not the reader's.
  const { t: trendText } = useTranslation('clinic', { keyPrefix: 'chart.bfAdl' });
  const format = useChartFormat();
  const query = useChartAssessments(patientId);
  const text = (value: LocalizedText) => (i18n.language === 'cn' ? value.cn : value.gb);
  const submissions = query.data?.submissions;
  const language = i18n.language;
  const points = useMemo(
    () =>
      trendPoints(submissions ?? [], (date) =>
        formatDate(date, language, { day: 'numeric', month: 'short' }),
      ),
    [submissions, language],
  );
  const flagText = (entry: ChartAssessmentEntry) =>
    entry.flag.length === 0
      ? t('chart.bfAdl.notFlagged')
      : t('chart.bfAdl.flagged', {
          reasons: entry.flag
            .map((reason) => t(`chart.bfAdl.reasons.${reason}`, { points: Math.abs(entry.change ?? 0) }))
            .join(t('intake:review.listSeparator')),
        });
  return (
    <ChartSection id="bf_adl" title={t('chart.bfAdl.title')} query={query}>
      {({ submissions, due, next_due_at }) => {
        const schedule = (
          <p className="field__hint">
            {due
              ? t('chart.bfAdl.due')
              : next_due_at && t('chart.bfAdl.nextDue', { date: format.day(next_due_at) })}
          </p>
        );
        if (submissions.length === 0)
          return (
            <>
              <p>{t('chart.bfAdl.none')}</p>
              {schedule}
            </>
          );
        const newestFirst = [...submissions].reverse();
        const definitionOf = (entry: ChartAssessmentEntry) =>
          instrumentVersion(entry.instrument, entry.version);
        const current = definitionOf(submissions.at(-1)!);
        const range = current ? { min: current.scoring.min, max: current.scoring.max } : { min: 0, max: 100 };
        return (
          <>
            {schedule}
            {points.length >= 2 && (
              <Suspense fallback={<p>{t('chart.loading')}</p>}>
                <TrendChart points={points} {...range} summary={trendSummary(points, trendText, range)} />
              </Suspense>
            )}
            <div className="chart-table-wrap">
              <table className="data-table chart-bf-adl">
                <caption>{t('chart.bfAdl.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('chart.bfAdl.date')}</th>
                    <th scope="col">{t('chart.bfAdl.score')}</th>
                    <th scope="col">{t('chart.bfAdl.band')}</th>
                    <th scope="col">{t('chart.bfAdl.change')}</th>
                    <th scope="col">{t('chart.bfAdl.flag')}</th>
                  </tr>
                </thead>
                <tbody>
                  {newestFirst.map((entry) => {
                    const definition = definitionOf(entry);
                    const band = definition?.bands.find((b) => b.id === entry.band);
                    return (
                      <tr
                        key={entry.id}
                        className={entry.flag.length > 0 ? 'chart-bf-adl__flagged' : undefined}
                      >
                        <td data-label={t('chart.bfAdl.date')}>{format.moment(entry.submitted_at)}</td>
                        <td data-label={t('chart.bfAdl.score')}>
                          {t('chart.bfAdl.scoreOf', {
                            score: entry.score,
                            max: definition?.scoring.max ?? '',
                          })}
                        </td>
                        <td data-label={t('chart.bfAdl.band')}>{band ? text(band.label) : entry.band}</td>
                        <td data-label={t('chart.bfAdl.change')}>
                          {entry.change === null ? '—' : signed(entry.change)}
                        </td>
                        <td data-label={t('chart.bfAdl.flag')}>
                          {entry.flag.length > 0 && <span aria-hidden="true">⚠ </span>}
                          {flagText(entry)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {newestFirst.map((entry) => {
              const definition = definitionOf(entry);
              return (
                <details key={entry.id} className="chart-answers">
                  <summary>{t('chart.bfAdl.answers', { date: format.moment(entry.submitted_at) })}</summary>
                  <dl className="value-list">
                    {definition?.items.map((item) => {
                      const option = item.options.find((o) => o.value === entry.answers[item.id]);
                      return (
                        <div key={item.id} className="value-list__row">
                          <dt>{text(item.text)}</dt>
                          <dd>{option ? `${text(option.label)} (${option.score})` : '—'}</dd>
                        </div>
                      );
                    })}
                  </dl>
                </details>
              );
            })}
          </>
        );
      }}
    </ChartSection>
  );
}
