import { describe, expect, it } from 'vitest';
import { currentInstrument } from '@portal/protocol';
import { itemsNamedBy, unansweredItems } from '../../../src/features/assessment/form-errors.ts';

const barthel = currentInstrument('barthel')!;

describe('BF-ADL form checks', () => {
  it('lists unanswered questions in the order they are asked, by the protocol schema', () => {
    expect(unansweredItems(barthel, { stairs: 'unable', feeding: 'independent' })).toEqual(
      barthel.items.map((item) => item.id).filter((id) => id !== 'stairs' && id !== 'feeding'),
    );
    const complete = Object.fromEntries(barthel.items.map((item) => [item.id, item.options[0]!.value]));
    expect(unansweredItems(barthel, complete)).toEqual([]);
  });

  it('reads the items a 10400 answer names', () => {
    expect(itemsNamedBy(['answers.stairs', 'version', 'answers.feeding'])).toEqual(['stairs', 'feeding']);
  });
});
