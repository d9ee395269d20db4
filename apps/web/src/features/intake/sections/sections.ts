import {
  contactSchema,
  draftOf,
  emergencyContentSchema,
  emergencyContentSchemaIn,
  medicalHistorySchema,
  profileSchema,
  treatingPractitionerSchema,
  treatingPractitionerSchemaIn,
  type IntakeResourceName,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AnyTable } from '../../../ui/intake-record/field-spec.ts';
import { SECTION_TABLES } from '../../../ui/intake-record/section-tables.ts';

/** One of the five single resources: its fields, the schema the server applies, and its draft form. */
export interface SectionDefinition {
  name: IntakeResourceName;
  table: AnyTable;
  schema: z.ZodType<Record<string, unknown>>;
  draftSchema: z.ZodType;
}

function section(name: IntakeResourceName, table: AnyTable, schema: z.ZodType<Record<string, unknown>>) {
  return { name, table, schema, draftSchema: draftOf(schema) };
}

export const SECTIONS: Record<IntakeResourceName, SectionDefinition> = {
  profile: section('profile', SECTION_TABLES.profile, profileSchema),
  contact: section('contact', SECTION_TABLES.contact, contactSchema),
  emergency_content: section('emergency_content', SECTION_TABLES.emergency_content, emergencyContentSchema),
  treating_practitioner: section(
    'treating_practitioner',
    SECTION_TABLES.treating_practitioner,
    treatingPractitionerSchema,
  ),
  medical_history: section('medical_history', SECTION_TABLES.medical_history, medicalHistorySchema),
};

/**
 * The section as the patient fills it in: emergency contacts and a practitioner without an
 * address have their national phone numbers read in the patient's own contact country.
 */
export function sectionIn(
  definition: SectionDefinition,
  patientCountry: string | undefined,
): SectionDefinition {
  if (definition.name === 'emergency_content') {
    return { ...definition, schema: emergencyContentSchemaIn(patientCountry) };
  }
  if (definition.name === 'treating_practitioner') {
    return { ...definition, schema: treatingPractitionerSchemaIn(patientCountry) };
  }
  return definition;
}

/** Complete means saved and valid by the schema: a partial profile made at signup is not. */
export function isComplete(definition: SectionDefinition, value: unknown): boolean {
  return value !== null && value !== undefined && definition.schema.safeParse(value).success;
}
