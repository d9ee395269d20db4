import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Codes, coverageSchema, type Coverage } from '@portal/protocol';
import { ApiError } from '../../../api/api-error.ts';
import { Form } from '../../../ui/form/Form.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { anyTable } from '../../../ui/intake-record/field-spec.ts';
import { coverageFields } from '../../../ui/intake-record/coverage-fields.ts';
import { formFromValue } from '../../../ui/intake-record/form-values.ts';
import { ErrorSummary } from '../form/ErrorSummary.tsx';
import { FieldTableContext, type FieldTableSettings } from '../form/field-table-context.ts';
import { FieldTableView } from '../form/FieldTableView.tsx';
import { useIntakeForm } from '../form/use-intake-form.ts';
import type { CoverageState, InsuranceTypeName } from '../intake-api.ts';
import { shouldExplain } from '../steps/should-explain.ts';
import { useCoverages, useSaveCoverage } from '../use-intake-queries.ts';

const table = anyTable(coverageFields);

interface CoverageFormProps {
  /** The coverage being edited; none when adding one. */
  coverage?: CoverageState;
  /** Insurance types without a coverage yet: one coverage per type (spec §7). */
  freeTypes: readonly InsuranceTypeName[];
  /** Starting values of a new coverage (the patient as subscriber). */
  prefill: Record<string, unknown>;
  onSaved: (type: InsuranceTypeName) => void;
  onCancel: () => void;
}

/**
 * Adds or edits one coverage. Coverages are saved whole (the API keeps no drafts of them);
 * the type is the coverage's key, so it is fixed once saved.
 */
export function CoverageForm({ coverage, freeTypes, prefill, onSaved, onCancel }: CoverageFormProps) {
  const { t } = useTranslation('intake');
  const idPrefix = `intake-coverage-${coverage?.value.insurance_type ?? 'new'}`;
  const settings = useMemo<FieldTableSettings>(
    () => ({
      idPrefix,
      restrictions: { insurance_type: coverage ? { disabled: true } : { values: freeTypes } },
    }),
    [idPrefix, coverage, freeTypes],
  );
  const { form, summaryRequest, showSummary, markServerErrors } = useIntakeForm(table, coverageSchema, () =>
    formFromValue(table, coverage?.value ?? prefill),
  );
  // The patient's name can arrive after a new coverage's form opens: it then fills a
  // policyholder the patient has left empty while they are still the subscriber.
  const prefillName = coverage ? '' : prefill.subscriber_name;
  const { getValues, setValue } = form;
  useEffect(() => {
    if (typeof prefillName !== 'string' || prefillName === '') return;
    if (getValues('subscriber_name') === '' && getValues('subscriber_relationship') === 'self') {
      setValue('subscriber_name', prefillName);
    }
  }, [prefillName, getValues, setValue]);
  const save = useSaveCoverage();
  const coverages = useCoverages();
  const [problem, setProblem] = useState<'conflict' | 'save' | null>(null);

  const submit = async (value: Coverage) => {
    setProblem(null);
    try {
      await save.mutateAsync({ version: coverage?.version ?? 0, value });
      onSaved(value.insurance_type);
    } catch (error) {
      if (error instanceof ApiError && error.code === Codes.conflict) setProblem('conflict');
      else if (!markServerErrors(error) && shouldExplain(error)) setProblem('save');
    }
  };

  const title = coverage
    ? t('insurance.editTitle', { type: t(`options.insuranceType.${coverage.value.insurance_type}`) })
    : t('insurance.addTitle');
  return (
    <FieldTableContext.Provider value={settings}>
      <Form
        form={form}
        ns="intake"
        className="coverage-form card"
        onValid={submit}
        onInvalid={() => {
          setProblem(null);
          showSummary();
        }}
        aria-labelledby={`${idPrefix}-title`}
      >
        <h3 id={`${idPrefix}-title`} tabIndex={-1}>
          {title}
        </h3>
        <ErrorSummary focusRequest={summaryRequest} table={table} />
        {problem === 'conflict' && (
          <FormAlert message={t('problems.coverageConflict')}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                void coverages.refetch();
                onCancel();
              }}
            >
              {t('problems.reloadInsurance')}
            </button>
          </FormAlert>
        )}
        <FormAlert message={problem === 'save' ? t('problems.save') : null} />
        <p className="field__hint">{t('requiredNote')}</p>
        <FieldTableView table={table} path={[]} />
        <div className="intake-actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {t('insurance.save')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
        </div>
      </Form>
    </FieldTableContext.Provider>
  );
}
