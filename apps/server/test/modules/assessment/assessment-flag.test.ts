import { describe, expect, it } from 'vitest';
import { currentInstrument } from '@portal/protocol';
import { assessmentFlag } from '../../../src/modules/assessment/index.ts';

const barthel = currentInstrument('barthel')!;
const scored = (score: number, band: string) => ({ score, band });

describe('the flag on an assessment', () => {
  it('never flags the first submission', () => {
    expect(assessmentFlag(barthel, undefined, scored(0, 'total_dependency'))).toEqual([]);
  });

  it('flags a fall into a worse band, however small', () => {
    expect(
      assessmentFlag(barthel, scored(61, 'moderate_dependency'), scored(60, 'severe_dependency')),
    ).toEqual(['worse_band']);
  });

  it('flags a fall of 10 points or more within a band, not 5', () => {
    expect(
      assessmentFlag(barthel, scored(90, 'moderate_dependency'), scored(80, 'moderate_dependency')),
    ).toEqual(['score_drop']);
    expect(
      assessmentFlag(barthel, scored(90, 'moderate_dependency'), scored(85, 'moderate_dependency')),
    ).toEqual([]);
  });

  it('names both reasons when both hold, and nothing for a rise', () => {
    expect(assessmentFlag(barthel, scored(100, 'independent'), scored(85, 'moderate_dependency'))).toEqual([
      'worse_band',
      'score_drop',
    ]);
    expect(assessmentFlag(barthel, scored(40, 'severe_dependency'), scored(100, 'independent'))).toEqual([]);
  });

  it('ranks a band id the definition no longer has by its score', () => {
    expect(assessmentFlag(barthel, scored(95, 'retired_band'), scored(60, 'severe_dependency'))).toEqual([
      'worse_band',
      'score_drop',
    ]);
  });
});
