import { useTranslation } from 'react-i18next';
import { CardSide } from '@portal/protocol';
import { COVERAGE_TABLE } from '../../../ui/intake-record/section-tables.ts';
import { ValueList } from '../../../ui/intake-record/ValueList.tsx';
import { useIntakeSection } from '../clinic-api.ts';
import { CardView } from './CardView.tsx';
import { ChartSection } from './ChartSection.tsx';
import { HandedIn } from './HandedIn.tsx';

/** The coverages as handed in, each with its card images. */
export function InsuranceView({ patientId }: { patientId: string }) {
  const { t } = useTranslation(['clinic', 'intake']);
  const query = useIntakeSection(patientId, 'insurance');
  return (
    <ChartSection id="insurance" title={t('intake:steps.insurance')} query={query}>
      {({ submission, value }) =>
        !submission || !value ? (
          <p>{t('chart.notHandedIn')}</p>
        ) : (
          <>
            <HandedIn at={submission.submitted_at} />
            {value.coverages.length === 0 && <p>{t('chart.insurance.none')}</p>}
            {value.coverages.map(({ value: coverage, cards }) => {
              const type = t(`intake:options.insuranceType.${coverage.insurance_type}`);
              const images = CardSide.options.flatMap((side) => {
                const card = cards[side];
                return card ? [{ side, card }] : [];
              });
              return (
                <article key={coverage.insurance_type} className="chart-coverage">
                  <h4>
                    {type}
                    {coverage.primary && (
                      <span className="badge badge--primary">{t('chart.insurance.primary')}</span>
                    )}
                  </h4>
                  <ValueList
                    table={COVERAGE_TABLE}
                    value={coverage}
                    omit={['insurance_type', 'primary']}
                    level={5}
                    reader="staff"
                  />
                  {images.length === 0 && <p className="field__hint">{t('chart.insurance.noCards')}</p>}
                  {images.map(({ side, card }) => (
                    <CardView key={side} patientId={patientId} card={card} side={side} type={type} />
                  ))}
                </article>
              );
            })}
          </>
        )
      }
    </ChartSection>
  );
}
