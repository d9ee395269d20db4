import type { InstrumentDefinition } from '@portal/protocol';
import { localized } from './localized.ts';

/** A stored band id in words; band ids are kept across definition versions. */
export function bandLabel(definition: InstrumentDefinition, bandId: string, language: string): string {
  const band = definition.bands.find((b) => b.id === bandId);
  return band ? localized(band.label, language) : bandId;
}
