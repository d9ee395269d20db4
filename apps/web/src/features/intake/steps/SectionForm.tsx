import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Codes } from '@portal/protocol';
import { ApiError } from '../../../api/api-error.ts';
import { DraftStatusLine } from '../../../ui/DraftStatusLine.tsx';
import { useDraftAutosave } from '../../../ui/use-draft-autosave.ts';
import { ErrorSummary } from '../form/ErrorSummary.tsx';
import { FieldTableView } from '../form/FieldTableView.tsx';
import { FormContext } from '../form/form-context.ts';
import { formFromValue } from '../../../ui/intake-record/form-values.ts';
import { useFormState } from '../form/use-form-state.ts';
import { draftPayload, serverFieldErrors, validateWhole } from '../form/validation.ts';
import type { ResourceState } from '../intake-api.ts';
import type { SectionDefinition } from '../sections/sections.ts';
import { useSaveResource } from '../use-intake-queries.ts';
import { ConflictAlert } from './ConflictAlert.tsx';
import { shouldExplain } from './should-explain.ts';

interface SectionFormProps {
  definition: SectionDefinition;
  state: ResourceState;
  prefill?: Record<string, unknown>;
  /** False right after a conflict reload: the patient asked for what is saved. */
  restoreDraft: boolean;
  reloaded: boolean;
  backHref: string | null;
  onSaved: () => void;
  onReload: () => Promise<void>;
}

/**
 * A section's form: starts from the draft when there is one (protocol.md §10: GET answers the
 * draft beside the value), saves drafts as the patient types, and "Save and continue" saves
 * the whole section, checked first with the schema the server applies.
 */
export function SectionForm(props: SectionFormProps) {
  const { definition, state } = props;
  const { t } = useTranslation('intake');
  // Decided once: later autosaves put a draft into `state` too, and that is no restored draft.
  const [fromDraft] = useState(() => props.restoreDraft && state.draft !== null);
  const idPrefix = `intake-${definition.name.replaceAll('_', '-')}`;
  const form = useFormState(
    () => formFromValue(definition.table, fromDraft ? state.draft : (state.value ?? props.prefill)),
    idPrefix,
  );
  const draftSave = useSaveResource(definition.name);
  const wholeSave = useSaveResource(definition.name);
  const autosave = useDraftAutosave(
    form.values,
    (values) =>
      draftSave.mutateAsync({
        version: state.version,
        draft: true,
        value: draftPayload(definition.draftSchema, definition.table, values),
      }),
    // Saved once typing has paused this long.
    1_000,
  );
  const [problem, setProblem] = useState<'conflict' | 'save' | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summaryShown, setSummaryShown] = useState(0);
  useEffect(() => {
    if (summaryShown > 0) summaryRef.current?.focus();
  }, [summaryShown]);

  const showErrors = (errors: Parameters<typeof form.setErrors>[0]) => {
    form.setErrors(errors);
    setSummaryShown((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = validateWhole(definition.schema, definition.table, form.values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    await autosave.hold();
    try {
      await wholeSave.mutateAsync({ version: state.version, draft: false, value: checked.value });
      props.onSaved();
    } catch (error) {
      autosave.release();
      if (error instanceof ApiError && error.code === Codes.conflict) {
        setProblem('conflict');
        return;
      }
      const fieldErrors = serverFieldErrors(error, definition.schema, definition.table, form.values);
      if (fieldErrors) showErrors(fieldErrors);
      else if (shouldExplain(error)) setProblem('save');
    }
  };

  return (
    <FormContext.Provider value={form.context}>
      <form className="intake-form" noValidate onSubmit={(event) => void submit(event)}>
        {fromDraft && (
          <p className="intake-notice" role="status">
            <strong>{t('draft.restoredTitle')}</strong> {t('draft.restored')}
          </p>
        )}
        {props.reloaded && (
          <p className="intake-notice" role="status">
            {t('problems.reloaded')}
          </p>
        )}
        <ErrorSummary ref={summaryRef} table={definition.table} idPrefix={idPrefix} errors={form.errors} />
        {problem === 'conflict' && (
          <ConflictAlert
            onReload={async () => {
              // What is on screen is being replaced on purpose: no draft of it on the way out.
              await autosave.hold();
              await props.onReload();
            }}
          />
        )}
        {problem === 'save' && (
          <p className="form-alert form-alert--error" role="alert">
            {t('problems.save')}
          </p>
        )}
        <p className="field__hint">{t('requiredNote')}</p>
        <FieldTableView table={definition.table} path={[]} />
        <div className="intake-actions">
          <button type="submit" className="button button--primary" disabled={wholeSave.isPending}>
            {t('actions.saveAndContinue')}
          </button>
          {props.backHref && (
            <Link className="button button--secondary" to={props.backHref}>
              {t('actions.back')}
            </Link>
          )}
          <DraftStatusLine status={autosave.status} namespace="intake" />
        </div>
      </form>
    </FormContext.Provider>
  );
}
