import { useTranslation } from 'react-i18next';
import type { IntakeResourceName } from '@portal/protocol';
import { ReviewPanel } from '../review/ReviewPanel.tsx';
import { AssessmentView } from './AssessmentView.tsx';
import { InsuranceView } from './InsuranceView.tsx';
import { IntakeSectionView } from './IntakeSectionView.tsx';
import '../clinic.css';

/** The patient form's order after the medical history, which comes first: its allergies must not be missed. */
const BEFORE_INSURANCE: readonly IntakeResourceName[] = [
  'profile',
  'contact',
  'emergency_content',
  'treating_practitioner',
];

/** The patient chart (issue 18): read-only, every section read and audited on its own. */
export function PatientChart({ patientId }: { patientId: string }) {
  const { t } = useTranslation('clinic');
  return (
    <section className="patient-chart" aria-labelledby="patient-chart-title">
      <h2 id="patient-chart-title">{t('chart.title')}</h2>
      <p className="field__hint">{t('chart.intro')}</p>
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
