import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { patientReviewNote } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { stepHref } from './steps.ts';
import { useIntakeScope, useIntakeStatus } from './use-intake-status.ts';

/**
 * The welcome page's notice of a change request: the clinic's note and the sections it reopened,
 * each a link to its step. The note is read (and audited) only while there is one to show.
 */
export default function IntakeReviewNotice() {
  const { t } = useTranslation('intake');
  const scope = useIntakeScope();
  const { data: status } = useIntakeStatus();
  const requested = status?.review.stage === 'changes_requested';
  const { data: note } = useQuery({
    queryKey: [...scope, 'review-note'],
    queryFn: async () =>
      patientReviewNote.parse(await apiRequest({ method: 'GET', path: '/patient/intake/review/' })),
    enabled: requested,
    gcTime: 0,
  });
  if (!requested || !note) return null;
  return (
    <section className="card review-notice" aria-labelledby="review-notice-title">
      <h2 id="review-notice-title">{t('reviewNotice.title')}</h2>
      <p>{t('reviewNotice.sections')}</p>
      <ul>
        {note.sections.map((section) => (
          <li key={section}>
            <Link to={`/welcome/intake-form${stepHref(section)}`}>{t(`steps.${section}`)}</Link>
          </li>
        ))}
      </ul>
      <figure className="review-notice__note">
        <figcaption>{t('reviewNotice.note')}</figcaption>
        <blockquote>{note.note}</blockquote>
      </figure>
      <Link
        className="button button--primary"
        to={`/welcome/intake-form${stepHref(note.sections[0] ?? 'review')}`}
      >
        {t('reviewNotice.open')}
      </Link>
    </section>
  );
}
