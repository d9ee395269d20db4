import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssessmentState } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';
import { bandLabel } from './band-label.ts';
import { trendPoints, trendSummary } from '../../ui/trend-summary.ts';
import { usePainted } from '../../ui/use-painted.ts';

// chart.js is loaded with this screen's history only, never on the first load, and only once
// the page has painted: its 43 kB (compressed) would otherwise share a slow line with the page's
// own text, its largest paint.
const TrendChart = lazy(() => import('../../ui/TrendChart.tsx'));

/** Past results as a table (the source of truth for every reader) and, from two on, a trend. */
export function AssessmentHistory({ state }: { state: AssessmentState }) {
  const { t, i18n } = useTranslation('assessment');
  const { definition, history } = state;
  const language = i18n.language;
  const painted = usePainted();
  const points = useMemo(
    () => trendPoints(history, (date) => formatDate(date, language, { day: 'numeric', month: 'short' })),
    [history, language],
  );
  if (history.length === 0) return null;
  const range = { min: definition.scoring.min, max: definition.scoring.max };
  const chartLoading = <p className="bf-adl-chart__loading">{t('history.chartLoading')}</p>;
  return (
    <section className="bf-adl-history" aria-labelledby="bf-adl-history-heading">
      <h2 id="bf-adl-history-heading">{t('history.heading')}</h2>
      {points.length >= 2 &&
        (painted ? (
          <Suspense fallback={chartLoading}>
            <TrendChart points={points} {...range} summary={trendSummary(points, t, range)} />
          </Suspense>
        ) : (
          chartLoading
        ))}
      <div className="bf-adl-history__table-wrap">
        <table className="bf-adl-history__table">
          <caption>{t('history.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.date')}</th>
              <th scope="col">{t('history.score')}</th>
              <th scope="col">{t('history.band')}</th>
            </tr>
          </thead>
          <tbody>
            {[...history].reverse().map((entry) => (
              <tr key={entry.id}>
                <th scope="row">
                  {formatDate(new Date(entry.submitted_at), language, { dateStyle: 'medium' })}
                </th>
                <td>{entry.score}</td>
                <td>{bandLabel(definition, entry.band, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
