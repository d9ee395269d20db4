import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../../api/api-error.ts';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';
import type { AnyTable, FormRecord } from '../../../ui/intake-record/field-spec.ts';
import { payloadFromForm, specAt } from '../../../ui/intake-record/form-values.ts';
import { intakeMessageOf } from './intake-messages.ts';

/**
 * A field table's form: react-hook-form holds the values as typed, and the protocol's schema
 * checks what a POST would send (numbers parsed, blank parts left out). What the schema makes
 * of it is what is saved, so a phone number read in the patient's country goes as E.164,
 * which the server (not knowing that country while it saves another section) reads as itself.
 */
export function useIntakeForm<Output>(table: AnyTable, schema: z.ZodType<Output>, initial: () => FormRecord) {
  const [defaultValues] = useState(initial);
  const form = useZodForm(
    z.preprocess((values) => payloadFromForm(table, values as FormRecord, 'whole'), schema) as z.ZodType<
      Output,
      FormRecord
    >,
    { defaultValues, messageOf: intakeMessageOf(table), shouldFocusError: false },
  );

  // Counts failed saves: the error summary takes focus after each one.
  const [summaryRequest, setSummaryRequest] = useState(0);
  const showSummary = () => setSummaryRequest((n) => n + 1);

  /**
   * A 10400 names fields as `value.<path>` (protocol.md §10). The same schema ran here
   * before the save, so the server saw something this one let through: the fields are marked.
   */
  const markServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const keys = (error.body.errors ?? [])
      .map(({ path }) => path.replace(/^value\./, ''))
      .filter((key) => specAt(table, key.split('.')));
    for (const key of keys) form.setError(key, { type: 'server', message: 'errors.invalid' });
    if (keys.length > 0) showSummary();
    return keys.length > 0;
  };

  return { form, summaryRequest, showSummary, markServerErrors };
}
