import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntakeReviewEntry, ReviewState } from '@portal/protocol';
import { useSession } from '../../../api/use-session.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useReopenReview, useReviewState, useSubmitReview } from '../clinic-api.ts';
import { useChartFormat } from '../chart/use-chart-format.ts';
import { ChangesTable } from './ChangesTable.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { reviewErrorKey } from './review-error.ts';

function ReviewLine({ review }: { review: IntakeReviewEntry }) {
  const { t } = useTranslation(['clinic', 'intake']);
  const format = useChartFormat();
  const who = review.reviewer ? format.name(review.reviewer) : '—';
  return (
    <>
      <p>{t(`review.stage.${review.outcome}`, { who, date: format.moment(review.created_at) })}</p>
      {review.outcome === 'changes_requested' && (
        <>
          <p>
            {t('review.sectionsAsked', {
              sections: review.sections
                .map((s) => t(`intake:steps.${s}`))
                .join(t('intake:review.listSeparator')),
            })}
          </p>
          <figure className="review-note">
            <figcaption>{t('review.noteLabel')}</figcaption>
            <blockquote>{review.note}</blockquote>
          </figure>
        </>
      )}
    </>
  );
}

function StageText({ state }: { state: ReviewState }) {
  const { t } = useTranslation('clinic');
  const format = useChartFormat();
  const [latest] = state.reviews;
  if (!state.submission) return <p>{t('review.stage.not_submitted')}</p>;
  if (!state.awaiting_review && latest) return <ReviewLine review={latest} />;
  return (
    <>
      <p className="review-panel__waiting">
        {t(latest ? 'review.resubmitted' : 'review.stage.awaiting_review', {
          date: format.moment(state.submission.submitted_at),
        })}
      </p>
      {latest && <ReviewLine review={latest} />}
    </>
  );
}

/**
 * What the newest hand-in changed, named after the latest review, whose hand-in the server
 * compares it with; the server sends changes only once a review exists, and so does this.
 */
function Changes({ patientId, state }: { patientId: string; state: ReviewState }) {
  const [latest] = state.reviews;
  if (!state.changes || !state.submission || !latest) return null;
  return (
    <ChangesTable
      patientId={patientId}
      changes={state.changes}
      handedInAt={state.submission.submitted_at}
      since={latest.outcome}
    />
  );
}

type Confirming = 'reviewed' | 'reopen' | null;

/** Reopening applies to a "reviewed" on the newest hand-in only (decision 0014). */
function mayReopen(state: ReviewState): boolean {
  const [latest] = state.reviews;
  return (
    !state.awaiting_review && latest?.outcome === 'reviewed' && latest.submission_id === state.submission?.id
  );
}

/** Where the intake stands, what changed since the last review, and (with review_intake) the review actions. */
export function ReviewPanel({ patientId }: { patientId: string }) {
  const { t } = useTranslation('clinic');
  const mayReview = useSession()?.user.auths.includes('review_intake') ?? false;
  const query = useReviewState(patientId);
  const submit = useSubmitReview(patientId);
  const reopen = useReopenReview(patientId);
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [done, setDone] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const send = (request: Parameters<typeof submit.mutate>[0]) =>
    submit.mutate(request, {
      onSuccess: () => {
        setAsking(false);
        setConfirming(null);
        setDone(t(`review.done.${request.outcome}`));
      },
    });
  const confirmReopen = () =>
    reopen.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        setDone(t('review.reopened'));
      },
    });
  const openConfirm = (what: Exclude<Confirming, null>) => {
    submit.reset();
    reopen.reset();
    setDone(null);
    setConfirming(what);
  };
  // Once the confirmation is on screen (an empty status is not displayed, so not focusable before).
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);
  const error = submit.isError ? t(reviewErrorKey(submit.error)) : null;
  const reopenError = reopen.isError ? t(reviewErrorKey(reopen.error)) : null;
  return (
    <section className="card review-panel" aria-labelledby="review-title">
      <h3 id="review-title">{t('review.title')}</h3>
      <p ref={status} tabIndex={-1} role="status" className="review-panel__done">
        {done}
      </p>
      {query.isPending && <p>{t('chart.loading')}</p>}
      {query.isError && <p role="alert">{t('chart.failed')}</p>}
      {query.data && (
        <>
          <StageText state={query.data} />
          <Changes patientId={patientId} state={query.data} />
          {mayReview && query.data.awaiting_review && (
            <div className="review-panel__actions">
              <button
                type="button"
                className="button button--primary"
                disabled={submit.isPending}
                onClick={() => openConfirm('reviewed')}
              >
                {t('review.markReviewed')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={submit.isPending}
                onClick={() => {
                  submit.reset();
                  setAsking(true);
                }}
              >
                {t('review.requestChanges')}
              </button>
            </div>
          )}
          {mayReview && mayReopen(query.data) && (
            <div className="review-panel__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => openConfirm('reopen')}
              >
                {t('review.reopen')}
              </button>
            </div>
          )}
          {error && !asking && !confirming && <p role="alert">{error}</p>}
        </>
      )}
      {asking && (
        <ReviewDialog
          busy={submit.isPending}
          error={error}
          onClose={() => setAsking(false)}
          onSubmit={({ sections, note }) => send({ outcome: 'changes_requested', sections, note })}
        />
      )}
      {confirming === 'reviewed' && (
        <ConfirmDialog
          title={t('review.confirm.reviewedTitle')}
          body={t('review.confirm.reviewedBody')}
          confirmLabel={t('review.confirm.reviewedConfirm')}
          cancelLabel={t('review.confirm.cancel')}
          busyLabel={t('review.working')}
          busy={submit.isPending}
          error={error}
          onConfirm={() => send({ outcome: 'reviewed' })}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'reopen' && (
        <ConfirmDialog
          title={t('review.confirm.reopenTitle')}
          body={t('review.confirm.reopenBody')}
          confirmLabel={t('review.confirm.reopenConfirm')}
          cancelLabel={t('review.confirm.cancel')}
          busyLabel={t('review.reopening')}
          busy={reopen.isPending}
          error={reopenError}
          onConfirm={confirmReopen}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
