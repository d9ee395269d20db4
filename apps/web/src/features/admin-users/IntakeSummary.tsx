import { useTranslation } from 'react-i18next';
import type { IntakeStatus } from '@portal/protocol';
import { DAY, formatDate } from '../../i18n/format.ts';

/** Which intake sections the patient has completed, and whether the intake was handed in. */
export function IntakeSummary({ intake }: { intake: IntakeStatus }) {
  const { t, i18n } = useTranslation('admin');
  const when = (iso: string) => formatDate(new Date(iso), i18n.language, DAY);
  return (
    <section className="card detail-card" aria-labelledby="detail-intake">
      <h2 id="detail-intake">{t('detail.intake.title')}</h2>
      <p>
        {intake.submitted_at
          ? t('detail.intake.submitted', { date: when(intake.submitted_at) })
          : t('detail.intake.notSubmitted')}
      </p>
      <ul className="intake-sections">
        {Object.entries(intake.sections).map(([name, section]) => (
          <li
            key={name}
            className={`intake-sections__item intake-sections__item--${section.complete ? 'done' : 'open'}`}
          >
            <span>{t(`detail.intake.sections.${name}`)}</span>
            <span className="intake-sections__state">
              {section.complete
                ? t('detail.intake.complete', { date: section.updated_at ? when(section.updated_at) : '' })
                : section.has_draft
                  ? t('detail.intake.draft')
                  : t('detail.intake.missing')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
