import { describe, expect, it } from 'vitest';
import { instrumentDefinition, type InstrumentDefinition } from '../../src/assessment/definition.ts';
import { barthel } from '../../src/assessment/instruments/barthel.ts';
import { INSTRUMENT_DEFINITIONS } from '../../src/assessment/registry.ts';

const issuesOf = (definition: InstrumentDefinition) =>
  (instrumentDefinition.safeParse(definition).error?.issues ?? []).map((i) => i.message);

describe('instrument definitions', () => {
  it.each(INSTRUMENT_DEFINITIONS.map((d) => [`${d.id} v${d.version}`, d] as const))(
    '%s follows the definition format',
    (_, definition) => {
      expect(issuesOf(definition)).toEqual([]);
    },
  );

  it('words every item, option and band in both locales, the Chinese distinct from the English', () => {
    for (const definition of INSTRUMENT_DEFINITIONS) {
      const texts = [
        definition.title,
        definition.description,
        ...definition.bands.map((b) => b.label),
        ...definition.items.flatMap((item) => [
          item.text,
          ...(item.help ? [item.help] : []),
          ...item.options.map((o) => o.label),
        ]),
      ];
      for (const text of texts) {
        expect(text.cn).not.toBe(text.gb);
        expect(text.cn).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('ships the Barthel bands of design/assessments.md', () => {
    expect(barthel.bands.map((b) => [b.min, b.max, b.label.gb])).toEqual([
      [0, 20, 'Total dependency'],
      [21, 60, 'Severe dependency'],
      [61, 90, 'Moderate dependency'],
      [91, 99, 'Slight dependency'],
      [100, 100, 'Independent'],
    ]);
    expect(barthel.scoring).toMatchObject({
      min: 0,
      max: 100,
      code: { system: 'http://loinc.org', code: '96761-2' },
    });
  });

  it('refuses a duplicate item or option, a total the items cannot reach, and bands with gaps or overlaps', () => {
    const [first, second] = barthel.items;
    expect(
      issuesOf({ ...barthel, items: [first!, { ...second!, id: first!.id }, ...barthel.items.slice(2)] }),
    ).toContain('Duplicate item feeding');
    const doubled = { ...first!, options: [first!.options[0]!, ...first!.options] };
    expect(issuesOf({ ...barthel, items: [doubled, ...barthel.items.slice(1)] })).toContain(
      'Duplicate option unable',
    );
    expect(issuesOf({ ...barthel, scoring: { ...barthel.scoring, max: 105 } })).toContain(
      'The total range must be what the item scores add up to',
    );
    const [b0, b1, ...rest] = barthel.bands;
    expect(issuesOf({ ...barthel, bands: [b0!, { ...b1!, min: 22 }, ...rest] })).toContain(
      'Band severe_dependency must start at 21',
    );
    expect(issuesOf({ ...barthel, bands: [b0!, { ...b1!, min: 20 }, ...rest] })).toContain(
      'Band severe_dependency must start at 21',
    );
    expect(issuesOf({ ...barthel, bands: barthel.bands.slice(0, -1) })).toContain(
      'The bands must end at 100',
    );
  });
});
