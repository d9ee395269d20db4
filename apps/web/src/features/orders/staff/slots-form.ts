import { z } from 'zod';
import { MAX_OFFERED_SLOTS, offerSlotsRequest } from '@portal/protocol';

/** One delivery window as the form's inputs hold it: a day and two times of day, in local time. */
export interface SlotRow {
  day: string;
  starts: string;
  ends: string;
}

export interface SlotsFormInput {
  id: string;
  version: number;
  slots: SlotRow[];
}

const localTime = (day: string, time: string) => new Date(`${day}T${time}`).toISOString();

const slotRow = z
  .object({ day: z.iso.date(), starts: z.iso.time(), ends: z.iso.time() })
  .refine((row) => row.ends > row.starts, { path: ['ends'], message: 'after start' });

/**
 * The rows, each read in this device's time zone and sent as ISO times with offsets; the
 * protocol's offerSlotsRequest then checks the offer as the server will.
 */
export const slotsForm = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    slots: z.array(slotRow).min(1).max(MAX_OFFERED_SLOTS),
  })
  .transform(({ id, version, slots }) => ({
    id,
    version,
    slots: slots.map((row) => ({
      starts_at: localTime(row.day, row.starts),
      ends_at: localTime(row.day, row.ends),
    })),
  }))
  .pipe(offerSlotsRequest);

export const emptySlot: SlotRow = { day: '', starts: '09:00', ends: '12:00' };
