import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StepStatus } from '../step-status.ts';
import { stepHref, type StepId } from '../steps.ts';

interface ReviewSectionProps {
  id: StepId;
  status: StepStatus;
  /** False while the clinic holds the section: no edit link. */
  editable: boolean;
  children: ReactNode;
}

/** One section on the review step: its name, whether it is done, an edit link and what was saved. */
export function ReviewSection({ id, status, editable, children }: ReviewSectionProps) {
  const { t } = useTranslation('intake');
  const title = t(`steps.${id}`);
  return (
    <section className="review-section card" aria-labelledby={`review-${id}`}>
      <div className="review-section__head">
        <h3 id={`review-${id}`}>{title}</h3>
        <span className={`badge badge--${status}`}>{t(`review.status.${status}`)}</span>
        {editable && (
          <Link className="review-section__edit" to={stepHref(id)}>
            {t('review.edit')}
            <span className="visually-hidden"> {title}</span>
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
