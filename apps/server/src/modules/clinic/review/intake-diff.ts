import {
  INTAKE_RESOURCE_NAMES,
  type FieldChange,
  type IntakeSection,
  type IntakeSnapshot,
} from '@portal/protocol';

type Path = (string | number)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every field of a value by its path. Objects and lists of objects are walked into; scalars
 * and lists of choices (mobility aids) are fields of their own, compared whole.
 */
function leaves(value: unknown, path: Path, into: Map<string, { path: Path; value: unknown }>) {
  if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, [...path, key], into);
  } else if (Array.isArray(value) && value.some(isRecord)) {
    value.forEach((item, index) => leaves(item, [...path, index], into));
  } else if (value !== undefined && value !== null) {
    into.set(JSON.stringify(path), { path, value });
  }
}

function fieldsOf(value: unknown) {
  const into = new Map<string, { path: Path; value: unknown }>();
  leaves(value, [], into);
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function sectionChanges(section: IntakeSection, before: unknown, after: unknown): FieldChange[] {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const keys = [...new Set([...old.keys(), ...now.keys()])];
  return keys
    .map((key) => ({ key, was: old.get(key), is: now.get(key) }))
    .filter(({ was, is }) => !same(was?.value, is?.value))
    .map(({ was, is }) => ({
      section,
      path: (is ?? was)!.path,
      before: was?.value ?? null,
      after: is?.value ?? null,
    }));
}

/** Coverages are named by their insurance type, so a second coverage added is not "the first changed". */
function insuranceOf(snapshot: IntakeSnapshot) {
  return {
    no_insurance: snapshot.no_insurance,
    coverages: Object.fromEntries(
      snapshot.coverages.map((c) => [
        c.value.insurance_type,
        // A card is compared by its content's hash: a new image is a change, a re-upload of the same is not.
        { ...c.value, cards: { front: c.cards.front?.sha256, back: c.cards.back?.sha256 } },
      ]),
    ),
  };
}

/** The fields the later hand-in changed, section by section in the intake's order, old and new side by side. */
export function intakeChanges(before: IntakeSnapshot, after: IntakeSnapshot): FieldChange[] {
  return [
    ...INTAKE_RESOURCE_NAMES.flatMap((name) =>
      sectionChanges(name, before.sections[name], after.sections[name]),
    ),
    ...sectionChanges('insurance', insuranceOf(before), insuranceOf(after)),
  ];
}
