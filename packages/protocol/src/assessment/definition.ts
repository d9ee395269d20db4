import { z } from 'zod';

/**
 * The format of an assessment instrument (design/assessments.md): everything the form,
 * validation, scoring and FHIR export need, as data. A new instrument, or a new version of
 * one, is a new definition; no code changes.
 */

/** Wording in both portal locales (spec §1: gb default, cn Simplified Chinese). */
export const localizedText = z.object({ gb: z.string().min(1), cn: z.string().min(1) });

/** Ids become wire keys, FHIR linkIds and codes, so they stay plain. */
const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'Use lower-case letters, digits and _');

export const instrumentOption = z.object({
  /** Stable code stored with a submission; the score may repeat across options (Lawton). */
  value: identifier,
  score: z.number().int().min(0),
  label: localizedText,
});

export const instrumentItem = z.object({
  id: identifier,
  required: z.boolean(),
  text: localizedText,
  help: localizedText.optional(),
  options: z.array(instrumentOption).min(2),
});

/**
 * An interpretation band over the total, both ends included. Band ids are kept across
 * versions of an instrument, so a stored band still names a band after a relabelling.
 */
export const interpretationBand = z.object({
  id: identifier,
  min: z.number().int(),
  max: z.number().int(),
  label: localizedText,
});

export const codingSchema = z.object({
  system: z.url(),
  code: z.string().min(1),
  display: z.string().min(1),
});

export const instrumentDefinition = z
  .object({
    id: identifier,
    /** Increases whenever items, options or scores change; submissions keep the version they answered. */
    version: z.number().int().positive(),
    title: localizedText,
    description: localizedText,
    /** The published source the items and scores follow. */
    source: z.string().min(1),
    items: z.array(instrumentItem).min(1),
    scoring: z.object({
      /** Only the sum is needed so far (Barthel, Katz, Lawton all add item scores). */
      rule: z.literal('sum'),
      min: z.number().int(),
      max: z.number().int(),
      /** Codes the total in FHIR exports (LOINC 96761-2 for the Barthel total). */
      code: codingSchema.optional(),
    }),
    bands: z.array(interpretationBand).min(1),
    /** A new assessment falls due this many days after the last submission. */
    due_interval_days: z.number().int().positive(),
  })
  .superRefine((definition, ctx) => {
    for (const issue of consistencyIssues(definition)) ctx.addIssue({ code: 'custom', ...issue });
  });

export type LocalizedText = z.infer<typeof localizedText>;
export type InstrumentItem = z.infer<typeof instrumentItem>;
export type InstrumentDefinition = z.infer<typeof instrumentDefinition>;

/**
 * What a typo in a definition would otherwise turn into a wrong score or a missing band:
 * duplicate ids, a total range that the items cannot produce, bands with gaps or overlaps.
 */
function consistencyIssues(
  definition: InstrumentDefinition,
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const seenItems = new Set<string>();
  definition.items.forEach((item, i) => {
    if (seenItems.has(item.id))
      issues.push({ path: ['items', i, 'id'], message: `Duplicate item ${item.id}` });
    seenItems.add(item.id);
    const seenValues = new Set<string>();
    item.options.forEach((option, j) => {
      if (seenValues.has(option.value)) {
        issues.push({
          path: ['items', i, 'options', j, 'value'],
          message: `Duplicate option ${option.value}`,
        });
      }
      seenValues.add(option.value);
    });
  });

  // An optional item left unanswered adds nothing to the sum.
  const lowest = definition.items.reduce(
    (sum, item) => sum + (item.required ? Math.min(...item.options.map((o) => o.score)) : 0),
    0,
  );
  const highest = definition.items.reduce(
    (sum, item) => sum + Math.max(...item.options.map((o) => o.score)),
    0,
  );
  const { min, max } = definition.scoring;
  if (lowest !== min || highest !== max) {
    issues.push({ path: ['scoring'], message: 'The total range must be what the item scores add up to' });
  }

  const bands = [...definition.bands].sort((a, b) => a.min - b.min);
  let next = min;
  for (const band of bands) {
    if (band.min !== next || band.max < band.min) {
      issues.push({ path: ['bands'], message: `Band ${band.id} must start at ${next}` });
    }
    next = band.max + 1;
  }
  if (next !== max + 1) issues.push({ path: ['bands'], message: `The bands must end at ${max}` });
  return issues;
}
