/**
 * Field tables: each intake section lists its fields once, as data, and shared components
 * render, convert and check them. A table is typed against the protocol's resource type, so
 * a field the schema lacks, a missing field or an optional marker that disagrees with the
 * schema fails to compile.
 */

/** Input controls whose value is one string. */
export type TextKind = 'text' | 'textarea' | 'email' | 'tel' | 'date' | 'partialDate';

interface Common {
  /** i18n key of a hint under the label; phones and partial dates get theirs by kind. */
  hint?: string;
  /** Autofill token, only for the patient's own details (WCAG 1.3.5). */
  autoComplete?: string;
  /** Half a row on wider screens (first and last name side by side). */
  half?: boolean;
  /** i18n key shown for a failed refinement (a zod `custom` issue), e.g. end before start. */
  customError?: string;
  /** Shown only while this holds for the values of the same table. */
  visibleWhen?: (values: FormRecord) => boolean;
}

export interface TextSpec extends Common {
  kind: TextKind;
}
/** Typed as text with a decimal keyboard: number inputs change value on scroll and reject "1,5". */
export interface NumberSpec extends Common {
  kind: 'number';
  /** The unit shown after the input, an i18n key (e.g. cm, kg). */
  unit: string;
}
/** A choice among fixed values; `options` names its labels (`options.<name>.<value>`). */
interface Options {
  options: { name: string; values: readonly string[] };
}
/** A long list of choices. */
export interface SelectSpec extends Common, Options {
  kind: 'select';
}
/** A few choices, all visible at once. */
export interface RadiosSpec extends Common, Options {
  kind: 'radios';
}
/** ISO 3166-1 alpha-2 regions and BCP 47 languages, named by Intl.DisplayNames. */
export interface NamedCodeSpec extends Common {
  kind: 'country' | 'language';
}
export interface CheckboxSpec extends Common {
  kind: 'checkbox';
}
export interface CheckboxGroupSpec extends Common, Options {
  kind: 'checkboxes';
}
export interface GroupSpec<T> extends Common {
  kind: 'group';
  table: FieldTable<T>;
}
export interface ListSpec<T> extends Common {
  kind: 'list';
  table: FieldTable<T>;
  min?: number;
  max: number;
  /** The field that names an item in its heading and its remove button, e.g. a person's name. */
  itemName: Extract<keyof T, string>;
}

type SpecFor<V> = [V] extends [boolean]
  ? CheckboxSpec
  : [V] extends [number]
    ? NumberSpec
    : [V] extends [readonly (infer E)[]]
      ? E extends string
        ? CheckboxGroupSpec
        : ListSpec<E>
      : [V] extends [string]
        ? TextSpec | SelectSpec | RadiosSpec | NamedCodeSpec
        : GroupSpec<V>;

/** `optional: true` exactly where the schema's value may be absent: the label says "(optional)". */
type Optionality<V> = undefined extends V ? { optional: true } : { optional?: false };

export interface FieldTable<T> {
  /** Labels are `fields.<scope>.<name>`; hints and errors share the namespace. */
  scope: string;
  fields: { [K in Extract<keyof T, string>]-?: SpecFor<NonNullable<T[K]>> & Optionality<T[K]> };
}

/** The same shapes with the value types erased, for the shared code that walks any table. */
export type AnySpec = (
  | TextSpec
  | NumberSpec
  | SelectSpec
  | RadiosSpec
  | NamedCodeSpec
  | CheckboxSpec
  | CheckboxGroupSpec
  | (Omit<GroupSpec<unknown>, 'table'> & { table: AnyTable })
  | (Omit<ListSpec<unknown>, 'table' | 'itemName'> & { table: AnyTable; itemName: string })
) & { optional?: boolean };
export interface AnyTable {
  scope: string;
  fields: Record<string, AnySpec>;
}
export type ListSpecAny = Extract<AnySpec, { kind: 'list' }>;
export type GroupSpecAny = Extract<AnySpec, { kind: 'group' }>;

/** What the form holds: strings as typed, booleans, chosen values, nested groups and lists. */
export type FormValue = string | boolean | string[] | FormRecord | FormRecord[];
export interface FormRecord {
  [field: string]: FormValue;
}
/** A field's place in the form, e.g. ['contacts', 0, 'phone']. */
export type FieldPath = readonly (string | number)[];

/** Widens a typed table for the shared code; the typed form is what keeps it honest. */
export function anyTable<T>(table: FieldTable<T>): AnyTable {
  return table as unknown as AnyTable;
}
