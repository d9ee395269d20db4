import { useTranslation } from 'react-i18next';
import type { DetailLine } from './audit-detail.ts';
import './audit-detail.css';

/** A row's detail as label: value lines (a description list, read in order). */
export function AuditDetail({ lines }: { lines: readonly DetailLine[] }) {
  const { t } = useTranslation('audit-labels');
  if (lines.length === 0) return null;
  return (
    <dl className="audit-detail">
      {lines.map((line, i) => (
        <div key={i} className="audit-detail__line">
          <dt>{t('punctuation.label', { field: line.field })}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
