import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answers, AssessmentState } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { DraftStatusLine } from '../../ui/DraftStatusLine.tsx';
import { useDraftAutosave } from '../../ui/use-draft-autosave.ts';
import { BREAKPOINTS, useMediaQuery } from '../../ui/use-media-query.ts';
import { itemsNamedBy, unansweredItems } from './form-errors.ts';
import { ItemFieldset } from './ItemFieldset.tsx';
import { localized } from './localized.ts';
import { StepProgress } from './StepProgress.tsx';
import { useSaveBfAdl } from './use-assessment.ts';

interface AssessmentFormProps {
  state: AssessmentState;
  onSubmitted: () => void;
}

/**
 * The questionnaire, derived from the definition: one question per step on phones (below
 * the md breakpoint of spec §9), every question at once on larger screens. Answers are saved
 * as a draft as the patient goes; the server scores the submission.
 */
export function AssessmentForm({ state, onSubmitted }: AssessmentFormProps) {
  const { t, i18n } = useTranslation('assessment');
  const { definition } = state;
  const items = definition.items;
  const stepped = !useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
  const [answers, setAnswers] = useState<Answers>(() => state.draft?.answers ?? {});
  const [step, setStep] = useState(() => firstOpenStep(items.length, (i) => answers[items[i]!.id]));
  const [missing, setMissing] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  const legends = useRef(new Map<string, HTMLLegendElement>());
  const saveDraft = useSaveBfAdl();
  const submission = useSaveBfAdl();
  const drafts = useDraftAutosave(
    answers,
    (draft) => saveDraft.mutateAsync({ version: definition.version, answers: draft, draft: true }),
    // Quick changes of mind are saved together.
    600,
  );

  const focusItem = (id: string) => requestAnimationFrame(() => legends.current.get(id)?.focus());

  const answer = (itemId: string, value: string) => {
    const next = { ...answers, [itemId]: value };
    setAnswers(next);
    setMissing((ids) => ids.filter((id) => id !== itemId));
  };

  const goTo = (index: number) => {
    drafts.flush();
    setStep(index);
    focusItem(items[index]!.id);
  };

  const showMissing = (ids: string[]) => {
    setMissing(ids);
    const first = items.findIndex((item) => item.id === ids[0]);
    if (stepped && first >= 0) setStep(first);
    if (ids[0]) focusItem(ids[0]);
  };

  const submit = async () => {
    setFailed(false);
    const open = unansweredItems(definition, answers);
    if (open.length > 0) return showMissing(open);
    await drafts.hold();
    try {
      await submission.mutateAsync({ version: definition.version, answers, draft: false });
      onSubmitted();
    } catch (error) {
      const named =
        error instanceof ApiError ? itemsNamedBy(error.body.errors?.map((e) => e.path) ?? []) : [];
      if (named.length > 0) showMissing(named);
      else setFailed(true);
    }
  };

  const visible = stepped ? [items[step]!] : items;
  const answeredCount = items.filter((item) => answers[item.id] !== undefined).length;
  const last = step === items.length - 1;
  return (
    <form
      className="bf-adl-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="bf-adl-form__heading">{t('form.heading')}</h2>
      <p className="bf-adl-form__note">{t('form.note')}</p>
      {stepped ? (
        <StepProgress current={step + 1} total={items.length} />
      ) : (
        <p className="bf-adl-form__count" aria-live="polite">
          {t('form.answered', { count: answeredCount, total: items.length })}
        </p>
      )}
      {!stepped && missing.length > 0 && (
        <div className="form-alert form-alert--error" role="alert">
          <p>{t('form.missingSummary', { count: missing.length })}</p>
          <ul>
            {missing.map((id) => (
              <li key={id}>
                <a href={`#bf-adl-${id}`}>
                  {localized(items.find((item) => item.id === id)!.text, i18n.language)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {visible.map((item) => (
        <ItemFieldset
          key={item.id}
          item={item}
          value={answers[item.id]}
          onChange={(value) => answer(item.id, value)}
          error={missing.includes(item.id) ? t('form.required') : undefined}
          legendRef={(element) => {
            if (element) legends.current.set(item.id, element);
            else legends.current.delete(item.id);
          }}
        />
      ))}
      {failed && (
        <p className="form-alert form-alert--error" role="alert">
          {t('form.submitFailed')}
        </p>
      )}
      <DraftStatusLine status={drafts.status} namespace="assessment" />
      <div className="bf-adl-form__actions">
        {stepped && step > 0 && (
          <button type="button" className="button button--secondary" onClick={() => goTo(step - 1)}>
            {t('form.back')}
          </button>
        )}
        {stepped && !last ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              const current = items[step]!;
              if (answers[current.id] === undefined) showMissing([current.id]);
              else goTo(step + 1);
            }}
          >
            {t('form.next')}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={submission.isPending}>
            {submission.isPending ? t('form.submitting') : t('form.submit')}
          </button>
        )}
      </div>
    </form>
  );
}

/** On a phone the patient resumes a draft at the first question still open. */
function firstOpenStep(total: number, answerAt: (index: number) => string | undefined): number {
  for (let i = 0; i < total; i += 1) if (answerAt(i) === undefined) return i;
  return total - 1;
}
