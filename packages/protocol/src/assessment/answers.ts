import { z } from 'zod';
import type { InstrumentDefinition, InstrumentItem } from './definition.ts';

/** Answers as they travel and are stored: item id → option value. */
export type Answers = Record<string, string>;

/** A draft may leave any item out; a submission must answer every required item. */
export type AnswerMode = 'draft' | 'submission';

function optionSchema(item: InstrumentItem, mode: AnswerMode): z.ZodType<string | undefined> {
  const [first, ...rest] = item.options.map((option) => option.value);
  const choice = z.enum([first!, ...rest], {
    error: (issue) => (issue.input === undefined ? 'Required' : 'Unknown option'),
  });
  return mode === 'draft' || !item.required ? choice.optional() : choice;
}

/**
 * The answers schema generated from a definition, used by the server to refuse and by the
 * web form to guide. Every problem carries its item id as path, unknown items included
 * (a catch-all instead of `strict`, whose one issue would name no item).
 */
export function answersSchema(definition: InstrumentDefinition, mode: AnswerMode): z.ZodType<Answers> {
  const shape = Object.fromEntries(definition.items.map((item) => [item.id, optionSchema(item, mode)]));
  return z
    .object(shape)
    .catchall(z.undefined({ error: 'Unknown item' }))
    .transform((answers) => withoutBlanks(answers));
}

function withoutBlanks(answers: Record<string, string | undefined>): Answers {
  const kept: Answers = {};
  for (const [id, value] of Object.entries(answers)) if (value !== undefined) kept[id] = value;
  return kept;
}
