import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Codes } from '@portal/protocol';
import { ApiError } from '../../../api/api-error.ts';
import { DraftStatusLine } from '../../../ui/DraftStatusLine.tsx';
import { Form } from '../../../ui/form/Form.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { useDraftAutosave } from '../../../ui/use-draft-autosave.ts';
import type { FormRecord } from '../../../ui/intake-record/field-spec.ts';
import { formFromValue } from '../../../ui/intake-record/form-values.ts';
import { draftPayload } from '../form/draft-payload.ts';
import { ErrorSummary } from '../form/ErrorSummary.tsx';
import { FieldTableContext } from '../form/field-table-context.ts';
import { FieldTableView } from '../form/FieldTableView.tsx';
import { useIntakeForm } from '../form/use-intake-form.ts';
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
  const { form, summaryRequest, showSummary, markServerErrors } = useIntakeForm(
    definition.table,
    definition.schema,
    () => formFromValue(definition.table, fromDraft ? state.draft : (state.value ?? props.prefill)),
  );
  // A snapshot per change: the autosave compares what it last sent with what is typed now.
  const values = useWatch({
    control: form.control,
    compute: (current: FormRecord) => structuredClone(current),
  });
  const draftSave = useSaveResource(definition.name);
  const wholeSave = useSaveResource(definition.name);
  const autosave = useDraftAutosave(
    values,
    (draft) =>
      draftSave.mutateAsync({
        version: state.version,
        draft: true,
        value: draftPayload(definition.draftSchema, definition.table, draft),
      }),
    // Saved once typing has paused this long.
    1_000,
  );
  const [problem, setProblem] = useState<'conflict' | 'save' | null>(null);

  const save = async (value: Record<string, unknown>) => {
    setProblem(null);
    await autosave.hold();
    try {
      await wholeSave.mutateAsync({ version: state.version, draft: false, value });
      props.onSaved();
    } catch (error) {
      autosave.release();
      if (error instanceof ApiError && error.code === Codes.conflict) setProblem('conflict');
      else if (!markServerErrors(error) && shouldExplain(error)) setProblem('save');
    }
  };

  return (
    <FieldTableContext.Provider value={{ idPrefix }}>
      <Form
        form={form}
        ns="intake"
        className="intake-form"
        onValid={save}
        onInvalid={() => {
          setProblem(null);
          showSummary();
        }}
      >
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
        <ErrorSummary focusRequest={summaryRequest} table={definition.table} />
        {problem === 'conflict' && (
          <ConflictAlert
            onReload={async () => {
              // What is on screen is being replaced on purpose: no draft of it on the way out.
              await autosave.hold();
              await props.onReload();
            }}
          />
        )}
        <FormAlert message={problem === 'save' ? t('problems.save') : null} />
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
      </Form>
    </FieldTableContext.Provider>
  );
}
