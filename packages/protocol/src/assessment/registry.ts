import { instrumentDefinition, type InstrumentDefinition } from './definition.ts';
import { barthel } from './instruments/barthel.ts';
import { katz } from './instruments/katz.ts';

/**
 * Every instrument version the portal knows. Adding an instrument, or a new version of one,
 * is adding its definition here; old versions stay so stored submissions keep their meaning.
 * Parsed once at load, so an inconsistent definition stops the app instead of mis-scoring.
 */
export const INSTRUMENT_DEFINITIONS: readonly InstrumentDefinition[] = [barthel, katz].map((definition) =>
  instrumentDefinition.parse(definition),
);

/** The newest version of each instrument: the one patients answer now. */
export const CURRENT_INSTRUMENTS: readonly InstrumentDefinition[] = [
  ...new Map(
    [...INSTRUMENT_DEFINITIONS].sort((a, b) => a.version - b.version).map((d) => [d.id, d] as const),
  ).values(),
];

export const INSTRUMENT_IDS = CURRENT_INSTRUMENTS.map((definition) => definition.id);

export function currentInstrument(id: string): InstrumentDefinition | undefined {
  return CURRENT_INSTRUMENTS.find((definition) => definition.id === id);
}

/** The definition a stored submission answered, whatever the current version is. */
export function instrumentVersion(id: string, version: number): InstrumentDefinition | undefined {
  return INSTRUMENT_DEFINITIONS.find((definition) => definition.id === id && definition.version === version);
}
