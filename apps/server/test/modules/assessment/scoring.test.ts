import { describe, expect, it } from 'vitest';
import { currentInstrument, type Answers } from '@portal/protocol';
import { bandOf, scoreAnswers } from '../../../src/modules/assessment/scoring.ts';

const barthel = currentInstrument('barthel')!;

/** design/assessments.md, typed from the published Barthel table rather than read from the definition. */
const PUBLISHED_BARTHEL: Record<string, number[]> = {
  feeding: [0, 5, 10],
  bathing: [0, 5],
  grooming: [0, 5],
  dressing: [0, 5, 10],
  bowels: [0, 5, 10],
  bladder: [0, 5, 10],
  toilet_use: [0, 5, 10],
  transfers: [0, 5, 10, 15],
  mobility: [0, 5, 10, 15],
  stairs: [0, 5, 10],
};

/** Every item at its lowest option: scores 0, so one changed item shows its own score. */
const lowest: Answers = Object.fromEntries(barthel.items.map((item) => [item.id, item.options[0]!.value]));

describe('Barthel scoring', () => {
  it('asks the ten published items in order', () => {
    expect(barthel.items.map((item) => item.id)).toEqual(Object.keys(PUBLISHED_BARTHEL));
  });

  const cases = barthel.items.flatMap((item) =>
    item.options.map((option, index) => ({ item: item.id, option: option.value, index })),
  );
  it.each(cases)('scores $item = $option as published', ({ item, option, index }) => {
    expect(scoreAnswers(barthel, { ...lowest, [item]: option }).score).toBe(PUBLISHED_BARTHEL[item]![index]);
    expect(barthel.items.find((i) => i.id === item)!.options).toHaveLength(PUBLISHED_BARTHEL[item]!.length);
  });

  it('adds up to 0 when dependent in everything and 100 when independent in everything', () => {
    const highest = Object.fromEntries(barthel.items.map((item) => [item.id, item.options.at(-1)!.value]));
    expect(scoreAnswers(barthel, lowest)).toEqual({ score: 0, band: 'total_dependency' });
    expect(scoreAnswers(barthel, highest)).toEqual({ score: 100, band: 'independent' });
  });

  it.each([
    [20, 'total_dependency'],
    [21, 'severe_dependency'],
    [60, 'severe_dependency'],
    [61, 'moderate_dependency'],
    [90, 'moderate_dependency'],
    [91, 'slight_dependency'],
    [99, 'slight_dependency'],
    [100, 'independent'],
  ])('puts a total of %i in the band %s', (score, band) => {
    expect(bandOf(barthel, score).id).toBe(band);
  });

  it('refuses to score an answer that was not validated', () => {
    expect(() => scoreAnswers(barthel, { ...lowest, feeding: 'sometimes' })).toThrow(/Unvalidated/);
  });
});
