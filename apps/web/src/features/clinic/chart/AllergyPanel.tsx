import { useTranslation } from 'react-i18next';
import type { MedicalHistory } from '@portal/protocol';

/**
 * Allergies first and unmissable: a bordered panel with a heading, each severity in words,
 * a severe one also named "Severe allergy" in bold (never told by colour alone).
 */
export function AllergyPanel({ history }: { history: MedicalHistory }) {
  const { t } = useTranslation(['clinic', 'intake']);
  const { allergies, no_known_allergies: none } = history;
  return (
    <section className="allergy-panel" aria-labelledby="chart-allergies">
      <h4 id="chart-allergies">
        <span aria-hidden="true">⚠ </span>
        {t('chart.allergies.title')}
      </h4>
      {allergies.length === 0 ? (
        <p className="allergy-panel__none">
          {t(none ? 'chart.allergies.none' : 'chart.allergies.notStated')}
        </p>
      ) : (
        <ul className="allergy-panel__list">
          {allergies.map((allergy, index) => (
            <li key={index} className={`allergy allergy--${allergy.severity}`}>
              <strong className="allergy__substance">{allergy.substance}</strong>
              {allergy.severity === 'severe' && (
                <strong className="allergy__severe"> — {t('chart.allergies.severe')}</strong>
              )}
              <span className="allergy__detail">
                {t('chart.allergies.severity', {
                  severity: t(`intake:options.severity.${allergy.severity}`),
                })}
              </span>
              {allergy.reaction && (
                <span className="allergy__detail">
                  {t('chart.allergies.reaction', { reaction: allergy.reaction })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
