import { useMemo, useRef, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { answersSchema, type Answers, type AssessmentState } from '@portal/protocol';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error.ts';
import { DraftStatusLine } from '../../ui/DraftStatusLine.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { useDraftAutosave } from '../../ui/use-draft-autosave.ts';
import { BREAKPOINTS, useMediaQuery } from '../../ui/use-media-query.ts';
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
  const schema = useMemo(
    () => answersSchema(definition, 'submission') as z.ZodType<Answers, Answers>,
    [definition],
  );
  const form = useZodForm(schema, {
    defaultValues: state.draft?.answers ?? {},
    // The radios send only the definition's values, so what the schema refuses is a missing answer.
    messageOf: () => ({ key: 'form.required' }),
    shouldFocusError: false,
  });
  // A snapshot per change: the autosave compares what it last sent with what is answered now.
  const answers = useWatch({ control: form.control, compute: (current: Answers) => ({ ...current }) });
  const { errors } = useFormState({ control: form.control });
  const missing = items.map((item) => item.id).filter((id) => errors[id]);
  const [step, setStep] = useState(() =>
    firstOpenStep(items.length, (i) => state.draft?.answers[items[i]!.id]),
  );
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

  const goTo = (index: number) => {
    drafts.flush();
    setStep(index);
    focusItem(items[index]!.id);
  };

  /** Moves to the first open question of `ids`, which are in the definition's order. */
  const showMissing = (ids: string[]) => {
    const first = items.findIndex((item) => item.id === ids[0]);
    if (stepped && first >= 0) setStep(first);
    if (ids[0]) focusItem(ids[0]);
  };

  const submit = async (complete: Answers) => {
    setFailed(false);
    await drafts.hold();
    try {
      await submission.mutateAsync({ version: definition.version, answers: complete, draft: false });
      onSubmitted();
    } catch (error) {
      // A 10400 names the items it refused as `answers.<item>`.
      const paths = error instanceof ApiError ? (error.body.errors?.map((e) => e.path) ?? []) : [];
      const named = items.map((item) => item.id).filter((id) => paths.includes(`answers.${id}`));
      for (const id of named) form.setError(id, { type: 'server', message: 'form.required' });
      if (named.length > 0) showMissing(named);
      else setFailed(true);
    }
  };

  const visible = stepped ? [items[step]!] : items;
  const answeredCount = items.filter((item) => answers[item.id] !== undefined).length;
  const last = step === items.length - 1;
  return (
    <Form
      form={form}
      ns="assessment"
      className="bf-adl-form"
      onValid={submit}
      onInvalid={(open) => {
        setFailed(false);
        showMissing(items.map((item) => item.id).filter((id) => open[id]));
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
        <FormAlert message={t('form.missingSummary', { count: missing.length })}>
          <ul>
            {missing.map((id) => (
              <li key={id}>
                <a href={`#bf-adl-${id}`}>
                  {localized(items.find((item) => item.id === id)!.text, i18n.language)}
                </a>
              </li>
            ))}
          </ul>
        </FormAlert>
      )}
      {visible.map((item) => (
        <ItemFieldset
          key={item.id}
          item={item}
          legendRef={(element) => {
            if (element) legends.current.set(item.id, element);
            else legends.current.delete(item.id);
          }}
        />
      ))}
      <FormAlert message={failed ? t('form.submitFailed') : null} />
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
            onClick={async () => {
              const current = items[step]!;
              if (await form.trigger(current.id)) goTo(step + 1);
              else showMissing([current.id]);
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
    </Form>
  );
}

/** On a phone the patient resumes a draft at the first question still open. */
function firstOpenStep(total: number, answerAt: (index: number) => string | undefined): number {
  for (let i = 0; i < total; i += 1) if (answerAt(i) === undefined) return i;
  return total - 1;
}
