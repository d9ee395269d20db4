import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Codes, coverageSchema } from '@portal/protocol';
import { ApiError } from '../../../api/api-error.ts';
import { anyTable } from '../../../ui/intake-record/field-spec.ts';
import { ErrorSummary } from '../form/ErrorSummary.tsx';
import { FieldTableView } from '../form/FieldTableView.tsx';
import { FormContext, type FieldRestriction } from '../form/form-context.ts';
import { formFromValue } from '../../../ui/intake-record/form-values.ts';
import { useFormState } from '../form/use-form-state.ts';
import { serverFieldErrors, validateWhole, type FieldErrors } from '../form/validation.ts';
import type { CoverageState, InsuranceTypeName } from '../intake-api.ts';
import { coverageFields } from '../../../ui/intake-record/coverage-fields.ts';
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
  const restrictions = useMemo<Record<string, FieldRestriction>>(
    () => ({ insurance_type: coverage ? { disabled: true } : { values: freeTypes } }),
    [coverage, freeTypes],
  );
  const form = useFormState(() => formFromValue(table, coverage?.value ?? prefill), idPrefix, restrictions);
  // The patient's name can arrive after a new coverage's form opens: it then fills a
  // policyholder the patient has left empty while they are still the subscriber.
  const prefillName = coverage ? '' : prefill.subscriber_name;
  const { setValues } = form;
  useEffect(() => {
    if (typeof prefillName !== 'string' || prefillName === '') return;
    setValues((current) =>
      current.subscriber_name === '' && current.subscriber_relationship === 'self'
        ? { ...current, subscriber_name: prefillName }
        : current,
    );
  }, [prefillName, setValues]);
  const save = useSaveCoverage();
  const coverages = useCoverages();
  const [problem, setProblem] = useState<'conflict' | 'save' | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summaryShown, setSummaryShown] = useState(0);
  useEffect(() => {
    if (summaryShown > 0) summaryRef.current?.focus();
  }, [summaryShown]);

  const showErrors = (errors: FieldErrors) => {
    form.setErrors(errors);
    setSummaryShown((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = validateWhole(coverageSchema, table, form.values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    try {
      await save.mutateAsync({ version: coverage?.version ?? 0, value: checked.value });
      onSaved(checked.value.insurance_type as InsuranceTypeName);
    } catch (error) {
      if (error instanceof ApiError && error.code === Codes.conflict) {
        setProblem('conflict');
        return;
      }
      const fieldErrors = serverFieldErrors(error, coverageSchema, table, form.values);
      if (fieldErrors) showErrors(fieldErrors);
      else if (shouldExplain(error)) setProblem('save');
    }
  };

  const title = coverage
    ? t('insurance.editTitle', { type: t(`options.insuranceType.${coverage.value.insurance_type}`) })
    : t('insurance.addTitle');
  return (
    <FormContext.Provider value={form.context}>
      <form
        className="coverage-form card"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby={`${idPrefix}-title`}
      >
        <h3 id={`${idPrefix}-title`} tabIndex={-1}>
          {title}
        </h3>
        <ErrorSummary ref={summaryRef} table={table} idPrefix={idPrefix} errors={form.errors} />
        {problem === 'conflict' && (
          <div className="form-alert form-alert--error" role="alert">
            <p>{t('problems.coverageConflict')}</p>
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
          </div>
        )}
        {problem === 'save' && (
          <p className="form-alert form-alert--error" role="alert">
            {t('problems.save')}
          </p>
        )}
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
      </form>
    </FormContext.Provider>
  );
}
