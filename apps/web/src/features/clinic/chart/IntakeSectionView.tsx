import { useTranslation } from 'react-i18next';
import type { IntakeResourceName, MedicalHistory, Profile } from '@portal/protocol';
import { SECTION_TABLES } from '../../../ui/intake-record/section-tables.ts';
import { ValueList } from '../../../ui/intake-record/ValueList.tsx';
import { useIntakeSection } from '../clinic-api.ts';
import { AllergyPanel } from './AllergyPanel.tsx';
import { ChartSection } from './ChartSection.tsx';
import { HandedIn } from './HandedIn.tsx';
import { useChartFormat } from './use-chart-format.ts';

/** Shown elsewhere in the section: the name in the reader's order, the allergies up front. */
const SHOWN_APART: Partial<Record<IntakeResourceName, readonly string[]>> = {
  profile: ['first_name', 'last_name'],
  medical_history: ['allergies', 'no_known_allergies'],
};

/** One of the five single sections exactly as handed in, labelled by the patient form's own field table. */
export function IntakeSectionView({
  patientId,
  section,
}: {
  patientId: string;
  section: IntakeResourceName;
}) {
  const { t } = useTranslation(['clinic', 'intake']);
  const format = useChartFormat();
  const query = useIntakeSection(patientId, section);
  return (
    <ChartSection id={section} title={t(`intake:steps.${section}`)} query={query}>
      {({ submission, value }) =>
        !submission || !value ? (
          <p>{t('chart.notHandedIn')}</p>
        ) : (
          <>
            <HandedIn at={submission.submitted_at} />
            {section === 'profile' && (
              <dl className="value-list">
                <div className="value-list__row">
                  <dt>{t('chart.fullName')}</dt>
                  <dd>{format.name(value as Profile)}</dd>
                </div>
              </dl>
            )}
            {section === 'medical_history' && <AllergyPanel history={value as MedicalHistory} />}
            <ValueList
              table={SECTION_TABLES[section]}
              value={value}
              omit={SHOWN_APART[section] ?? []}
              reader="staff"
            />
          </>
        )
      }
    </ChartSection>
  );
}
