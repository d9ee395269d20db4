import { useTranslation } from 'react-i18next';
import { useChartFormat } from './use-chart-format.ts';

export function HandedIn({ at }: { at: string }) {
  const { t } = useTranslation('clinic');
  const { moment } = useChartFormat();
  return <p className="field__hint">{t('chart.handedIn', { date: moment(at) })}</p>;
}
