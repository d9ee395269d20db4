import { currentInstrument, type InstrumentDefinition } from '@portal/protocol';

/** Instrument ids reach the services through route schemas, which list only known ones. */
export function definitionOf(instrument: string): InstrumentDefinition {
  const definition = currentInstrument(instrument);
  if (!definition) throw new Error(`Unknown instrument ${instrument}`);
  return definition;
}

/** Names the records touched in the audit log, never their content. */
export const auditTarget = (definition: InstrumentDefinition) => `assessment:${definition.id}` as const;
