import { useTranslation } from 'react-i18next';
import { anyTable } from '../../../ui/intake-record/field-spec.ts';
import { ValueList } from '../../../ui/intake-record/ValueList.tsx';
import type { CoverageState } from '../intake-api.ts';
import { coverageFields } from '../../../ui/intake-record/coverage-fields.ts';

const table = anyTable(coverageFields);

/** The coverages as saved, with which card sides were uploaded; or the "no insurance" choice. */
export function InsuranceReview({
  coverages,
  noInsurance,
}: {
  coverages: CoverageState[];
  noInsurance: boolean;
}) {
  const { t } = useTranslation('intake');
  if (coverages.length === 0) {
    return <p className="review__empty">{t(noInsurance ? 'review.noInsurance' : 'review.nothingSaved')}</p>;
  }
  return (
    <ul className="review-coverages">
      {coverages.map((coverage) => {
        const { insurance_type: type, primary } = coverage.value;
        const sides = (['front', 'back'] as const).filter((side) => coverage.cards[side]);
        return (
          <li key={type}>
            <h4 className="value-list__item-title">
              {t(`options.insuranceType.${type}`)}
              {primary && <span className="badge badge--primary">{t('insurance.primaryBadge')}</span>}
            </h4>
            <ValueList table={table} value={coverage.value} omit={['insurance_type', 'primary']} level={5} />
            <p className="field__hint">
              {sides.length === 0
                ? t('review.noCardImages')
                : t('review.cardImages', {
                    sides: sides.map((side) => t(`cards.${side}`)).join(t('review.listSeparator')),
                  })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
