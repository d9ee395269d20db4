import { useTranslation } from 'react-i18next';
import type { FieldChange, ReviewOutcome, ReviewState } from '@portal/protocol';
import { displayValue } from '../../../ui/intake-record/display-value.ts';
import { CardView } from '../chart/CardView.tsx';
import { useChartFormat } from '../chart/use-chart-format.ts';
import { changedField } from './change-label.ts';

type Changes = NonNullable<ReviewState['changes']>;

function Value({
  patientId,
  change,
  side,
}: {
  patientId: string;
  change: FieldChange;
  side: 'before' | 'after';
}) {
  const { t, i18n } = useTranslation(['clinic', 'intake']);
  const value = change[side];
  const field = changedField(change, t);
  if (value === null || value === undefined || value === '') return <>{t('review.changes.empty')}</>;
  if (field.card && typeof value === 'string') {
    return (
      <CardView
        patientId={patientId}
        card={{ sha256: value }}
        side={field.card}
        variant={t(`review.changes.${side}`)}
        type={field.label}
      />
    );
  }
  if (field.spec && (typeof value === 'string' || typeof value === 'boolean' || Array.isArray(value))) {
    return <>{displayValue(field.spec, value as string | boolean | string[], t, i18n.language)}</>;
  }
  return (
    <>{typeof value === 'boolean' ? t(value ? 'intake:review.yes' : 'intake:review.no') : String(value)}</>
  );
}

interface ChangesTableProps {
  patientId: string;
  changes: Changes;
  /** When the newest hand-in came in. */
  handedInAt: string;
  /** How the earlier hand-in it is compared with was reviewed: the title names that review. */
  since: ReviewOutcome;
}

/** Exactly the fields the newest hand-in changed since the last reviewed one, old and new side by side. */
export function ChangesTable({ patientId, changes, handedInAt, since }: ChangesTableProps) {
  const { t } = useTranslation(['clinic', 'intake']);
  const format = useChartFormat();
  return (
    <section className="review-changes" aria-labelledby="review-changes-title">
      <h4 id="review-changes-title">{t(`review.changes.title.${since}`)}</h4>
      {changes.fields.length === 0 ? (
        <p>{t(`review.changes.none.${since}`)}</p>
      ) : (
        <div className="chart-table-wrap">
          <table className="data-table review-changes__table">
            <caption className="visually-hidden">{t(`review.changes.caption.${since}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('review.changes.section')}</th>
                <th scope="col">{t('review.changes.field')}</th>
                <th scope="col">{t('review.changes.before')}</th>
                <th scope="col">{t('review.changes.after')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.fields.map((change) => (
                <tr key={`${change.section}:${change.path.join('.')}`}>
                  <td data-label={t('review.changes.section')}>{t(`intake:steps.${change.section}`)}</td>
                  <th scope="row" data-label={t('review.changes.field')}>
                    {changedField(change, t).label}
                  </th>
                  <td data-label={t('review.changes.before')} className="review-changes__before">
                    <Value patientId={patientId} change={change} side="before" />
                  </td>
                  <td data-label={t('review.changes.after')} className="review-changes__after">
                    <Value patientId={patientId} change={change} side="after" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="field__hint">
        {t('review.changes.intro', {
          date: format.moment(handedInAt),
          since: format.moment(changes.since.submitted_at),
        })}
      </p>
    </section>
  );
}
