import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';

interface ChartSectionProps<T> {
  id: string;
  title: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** One section of the chart: a heading, then its data once read, or why it is not shown. */
export function ChartSection<T>({ id, title, query, children }: ChartSectionProps<T>) {
  const { t } = useTranslation('clinic');
  return (
    <section className="card chart-section" aria-labelledby={`chart-${id}`}>
      <h3 id={`chart-${id}`}>{title}</h3>
      {query.isPending && <p>{t('chart.loading')}</p>}
      {query.isError && <p role="alert">{t('chart.failed')}</p>}
      {query.data !== undefined && children(query.data)}
    </section>
  );
}
