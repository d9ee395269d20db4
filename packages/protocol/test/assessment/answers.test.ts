import { describe, expect, it } from 'vitest';
import { assessmentSaveRequest } from '../../src/schemas/assessment.ts';
import { answersSchema } from '../../src/assessment/answers.ts';
import { barthel } from '../../src/assessment/instruments/barthel.ts';

const everyItemIndependent = Object.fromEntries(
  barthel.items.map((item) => [item.id, item.options.at(-1)!.value]),
);
const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('answers schema generated from a definition', () => {
  it('accepts a complete submission and a partial draft', () => {
    expect(answersSchema(barthel, 'submission').parse(everyItemIndependent)).toEqual(everyItemIndependent);
    expect(answersSchema(barthel, 'draft').parse({ feeding: 'needs_help' })).toEqual({
      feeding: 'needs_help',
    });
  });

  it('names the unknown item, the unknown option and each missing required item', () => {
    const { stairs: _, ...withoutStairs } = everyItemIndependent;
    const result = answersSchema(barthel, 'submission').safeParse({
      ...withoutStairs,
      feeding: 'sometimes',
      cooking: 'independent',
    });
    expect(problems(result)).toEqual([
      ['feeding', 'Unknown option'],
      ['stairs', 'Required'],
      ['cooking', 'Unknown item'],
    ]);
  });

  it('checks what a draft holds, though it may leave items out', () => {
    const result = answersSchema(barthel, 'draft').safeParse({ bathing: 'partly', hobby: 'x' });
    expect(problems(result)).toEqual([
      ['bathing', 'Unknown option'],
      ['hobby', 'Unknown item'],
    ]);
  });
});

describe('save request', () => {
  const submission = { instrument: 'barthel', version: barthel.version, answers: everyItemIndependent };

  it('refuses a client score, a stale version and an unknown instrument by path', () => {
    expect(problems(assessmentSaveRequest.safeParse({ ...submission, score: 100 }))).toEqual([
      ['score', 'Unknown field'],
    ]);
    expect(
      problems(assessmentSaveRequest.safeParse({ ...submission, version: barthel.version - 1 })),
    ).toEqual([['version', 'This questionnaire has changed: reload it']]);
    expect(
      problems(assessmentSaveRequest.safeParse({ ...submission, instrument: 'sf36' })).map(([p]) => p),
    ).toEqual(['instrument']);
  });

  it('requires every item of a submission but not of a draft', () => {
    const partial = { ...submission, answers: { feeding: 'independent' } };
    expect(assessmentSaveRequest.safeParse({ ...partial, draft: true }).success).toBe(true);
    expect(problems(assessmentSaveRequest.safeParse(partial)).map(([p]) => p)).toEqual(
      barthel.items.slice(1).map((item) => `answers.${item.id}`),
    );
  });
});
