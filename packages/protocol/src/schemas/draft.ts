import { z } from 'zod';

/**
 * The draft form of a schema: every object field optional, all the way down, while each
 * value that is present is still checked. Drafts are what a patient has typed so far.
 */
export function draftOf(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      shape[key] = draftOf(field).optional();
    }
    // The object's own checks hold for what a draft contains: its phone numbers are checked and
    // stored as E.164 (read in the clinic's country until the draft names one, phone.ts).
    const checks = (schema._zod.def.checks ?? []) as z.core.$ZodCheck<Record<string, unknown>>[];
    return checks.length > 0 ? z.object(shape).check(...checks) : z.object(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(draftOf(schema.element as z.ZodType)).max(50);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return draftOf(schema.unwrap() as z.ZodType).optional();
  }
  if (schema instanceof z.ZodDefault) return draftOf(schema.def.innerType as z.ZodType);
  return schema;
}
