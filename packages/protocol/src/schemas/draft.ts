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
    return z.object(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(draftOf(schema.element as z.ZodType)).max(50);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return draftOf(schema.unwrap() as z.ZodType).optional();
  }
  if (schema instanceof z.ZodDefault) return draftOf(schema.def.innerType as z.ZodType);
  return schema;
}
