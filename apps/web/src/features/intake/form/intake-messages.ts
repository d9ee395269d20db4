import type { AnySpec, AnyTable, FieldPath } from '../../../ui/intake-record/field-spec.ts';
import { specAt } from '../../../ui/intake-record/form-values.ts';
import type { FieldMessage, Issue } from '../../../ui/form/issue-message.ts';

const CHOICE_KINDS = new Set<AnySpec['kind']>(['select', 'radios', 'country', 'language']);

/** The message a kind of field gives for one code; undefined leaves it to the common words. */
function messageForKind(issue: Issue, spec: AnySpec | undefined): FieldMessage | undefined {
  const limit = Number(issue.maximum ?? issue.minimum ?? 0);
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'array') return { key: 'errors.listMax', values: { max: limit } };
      if (issue.origin === 'string') return undefined;
      return { key: 'errors.numberMax', values: { max: limit } };
    case 'too_small':
      if (issue.origin === 'array') return { key: 'errors.listMin', values: { min: limit } };
      if (issue.origin === 'string') return { key: 'errors.required' };
      return { key: 'errors.numberMin', values: { min: limit } };
    case 'invalid_type':
      return spec?.kind === 'number' ? { key: 'errors.number' } : undefined;
    case 'invalid_format':
      if (issue.format === 'date') return { key: 'errors.date' };
      if (issue.format === 'email') return undefined;
      if (spec?.kind === 'tel') return { key: 'errors.phone' };
      if (spec?.kind === 'partialDate') return { key: 'errors.partialDate' };
      return spec && CHOICE_KINDS.has(spec.kind) ? { key: 'errors.choose' } : undefined;
    case 'custom':
      return { key: spec?.customError ?? 'errors.invalid' };
    default:
      return undefined;
  }
}

/**
 * The intake's words for a zod issue, by the kind of field it names in `table`. The form
 * sends blank fields as absent, so an absent value is one the patient left empty: a choice
 * asks to choose, any other field falls to the common "required".
 */
export function intakeMessageOf(table: AnyTable) {
  return (issue: Issue): FieldMessage | undefined => {
    const path: FieldPath = (issue.path ?? []).map((step) =>
      typeof step === 'number' ? step : String(step),
    );
    const spec = specAt(table, path);
    if (issue.input === undefined) {
      return spec && CHOICE_KINDS.has(spec.kind) ? { key: 'errors.choose' } : undefined;
    }
    return messageForKind(issue, spec);
  };
}
