/**
 * Zod reports codes, not our words. A field's message travels through react-hook-form as one
 * string, an i18n key with its values as a query (`errors.tooLong?max=80`), which
 * `useFieldMessage` turns back into words in the form's namespace.
 */

/** The parts of a zod issue the message depends on (zod's own issue types fit this shape). */
export interface Issue {
  readonly code: string;
  /** Where the issue is, from the schema's root, e.g. ['contacts', 0, 'phone']. */
  readonly path?: readonly PropertyKey[];
  readonly input?: unknown;
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
}

export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}

export const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/** The common keys every form namespace has; an empty field is "required" whatever check failed. */
export function messageOfIssue(issue: Issue): FieldMessage {
  if (isBlank(issue.input)) return { key: 'errors.required' };
  const limit = Number(issue.maximum ?? issue.minimum ?? 0);
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return { key: 'errors.tooLong', values: { max: limit } };
      return { key: 'errors.invalid' };
    case 'too_small':
      if (issue.origin === 'string') return { key: 'errors.tooShort', values: { min: limit } };
      return { key: 'errors.invalid' };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'errors.email' : 'errors.invalid' };
    case 'invalid_value':
      return { key: 'errors.choose' };
    default:
      return { key: 'errors.invalid' };
  }
}

export const encodeMessage = ({ key, values }: FieldMessage): string =>
  values ? `${key}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}` : key;

export function decodeMessage(message: string): FieldMessage {
  const at = message.indexOf('?');
  if (at < 0) return { key: message };
  return {
    key: message.slice(0, at),
    values: Object.fromEntries(new URLSearchParams(message.slice(at + 1))),
  };
}
