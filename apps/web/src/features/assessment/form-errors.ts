import { answersSchema, type Answers, type InstrumentDefinition } from '@portal/protocol';

/** Item id → whether it blocks the submission, by the protocol's own generated schema. */
export function unansweredItems(definition: InstrumentDefinition, answers: Answers): string[] {
  const result = answersSchema(definition, 'submission').safeParse(answers);
  if (result.success) return [];
  const ids = new Set(result.error.issues.map((issue) => String(issue.path[0])));
  // In the definition's order, so the first one named is the first one on screen.
  return definition.items.map((item) => item.id).filter((id) => ids.has(id));
}

/** Field paths of a 10400 answer (`answers.<item>`) as item ids. */
export function itemsNamedBy(paths: string[]): string[] {
  return paths.filter((path) => path.startsWith('answers.')).map((path) => path.slice('answers.'.length));
}
