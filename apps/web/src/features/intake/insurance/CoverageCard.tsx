import { useTranslation } from 'react-i18next';
import { anyTable } from '../../../ui/intake-record/field-spec.ts';
import { ValueList } from '../../../ui/intake-record/ValueList.tsx';
import type { CoverageState } from '../intake-api.ts';
import { coverageFields } from '../../../ui/intake-record/coverage-fields.ts';
import { CardSlot } from './CardSlot.tsx';

const table = anyTable(coverageFields);

interface CoverageCardProps {
  coverage: CoverageState;
  busy: boolean;
  onEdit: () => void;
  onMakePrimary: () => void;
  onDelete: () => void;
}

export const coverageHeadingId = (type: string) => `coverage-${type}-heading`;

/** A saved coverage: its details, both card sides, and what can be done with it. */
export function CoverageCard({ coverage, busy, onEdit, onMakePrimary, onDelete }: CoverageCardProps) {
  const { t } = useTranslation('intake');
  const type = coverage.value.insurance_type;
  const typeLabel = t(`options.insuranceType.${type}`);
  return (
    <article className="coverage card" aria-labelledby={coverageHeadingId(type)}>
      <div className="coverage__head">
        <h3 id={coverageHeadingId(type)} tabIndex={-1}>
          {typeLabel}
        </h3>
        {coverage.value.primary && (
          <span className="badge badge--primary">{t('insurance.primaryBadge')}</span>
        )}
      </div>
      {/* The heading names the type and the badge says primary. */}
      <ValueList table={table} value={coverage.value} omit={['insurance_type', 'primary']} />
      <div className="coverage__cards">
        <CardSlot coverage={coverage} side="front" />
        <CardSlot coverage={coverage} side="back" />
      </div>
      <div className="intake-actions">
        <button type="button" className="button button--secondary" onClick={onEdit} disabled={busy}>
          {t('insurance.edit')}
          <span className="visually-hidden"> {typeLabel}</span>
        </button>
        {!coverage.value.primary && (
          <button type="button" className="button button--secondary" onClick={onMakePrimary} disabled={busy}>
            {t('insurance.makePrimary')}
            <span className="visually-hidden"> {typeLabel}</span>
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--danger-text"
          onClick={onDelete}
          disabled={busy}
        >
          {t('insurance.delete')}
          <span className="visually-hidden"> {typeLabel}</span>
        </button>
      </div>
    </article>
  );
}
