import { useTranslation } from 'react-i18next';
import type { IntakeStatus } from '@portal/protocol';
import { useChartFormat } from './use-chart-format.ts';

/**
 * How far the patient has come with the intake form: whether it was handed in, and each
 * section complete, begun as a draft or not started (its progress only: drafts are never the chart).
 */
export function IntakeProgress({ intake }: { intake: IntakeStatus }) {
  const { t } = useTranslation(['clinic', 'intake']);
  const { day } = useChartFormat();
  return (
    <section className="card chart-section" aria-labelledby="chart-intake-progress">
      <h3 id="chart-intake-progress">{t('chart.intake.title')}</h3>
      <p>
        {intake.submitted_at
          ? t('chart.intake.submitted', { date: day(intake.submitted_at) })
          : t('chart.intake.notSubmitted')}
      </p>
      <ul className="intake-sections">
        {Object.entries(intake.sections).map(([name, section]) => (
          <li
            key={name}
            className={`intake-sections__item intake-sections__item--${section.complete ? 'done' : 'open'}`}
          >
            <span>{t(`intake:steps.${name}`)}</span>
            <span className="intake-sections__state">
              {section.complete
                ? t('chart.intake.complete', { date: section.updated_at ? day(section.updated_at) : '' })
                : t(section.has_draft ? 'chart.intake.draft' : 'chart.intake.missing')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
