import { useTranslation } from 'react-i18next';
import type { IntakeResourceName, IntakeStatus } from '@portal/protocol';
import { ReviewPanel } from '../review/ReviewPanel.tsx';
import { AssessmentView } from './AssessmentView.tsx';
import { InsuranceView } from './InsuranceView.tsx';
import { IntakeProgress } from './IntakeProgress.tsx';
import { IntakeSectionView } from './IntakeSectionView.tsx';
import '../clinic.css';

/** The patient form's order after the medical history, which comes first: its allergies must not be missed. */
const BEFORE_INSURANCE: readonly IntakeResourceName[] = [
  'profile',
  'contact',
  'emergency_content',
  'treating_practitioner',
];

interface PatientChartProps {
  patientId: string;
  /** Where the intake form stands, as the patient's page read it with the account. */
  intake: IntakeStatus | null;
}

/** The patient chart: read-only, each section read and audited on its own (the intake's progress with the account). */
export function PatientChart({ patientId, intake }: PatientChartProps) {
  const { t } = useTranslation('clinic');
  return (
    <section className="patient-chart" aria-labelledby="patient-chart-title">
      <h2 id="patient-chart-title">{t('chart.title')}</h2>
      <p className="field__hint">{t('chart.intro')}</p>
      {intake && <IntakeProgress intake={intake} />}
      <ReviewPanel patientId={patientId} />
      <IntakeSectionView patientId={patientId} section="medical_history" />
      {BEFORE_INSURANCE.map((section) => (
        <IntakeSectionView key={section} patientId={patientId} section={section} />
      ))}
      <InsuranceView patientId={patientId} />
      <AssessmentView patientId={patientId} />
    </section>
  );
}
