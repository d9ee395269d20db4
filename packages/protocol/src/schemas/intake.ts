import { z } from 'zod';
import { dateOfBirthSchema, emailSchema, nameSchema } from './auth.ts';
import { draftOf } from './draft.ts';
import { type IntakeResourceName } from './intake-status.ts';
import { CLINIC_COUNTRY, optionalPhoneText, phoneText, withPhonesIn } from './phone.ts';

/** Optional free text: blank means absent, so a cleared field removes its value. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);
const text = (max: number) => z.string().trim().min(1, 'Required').max(max);

const optionalEmail = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(emailSchema.optional());
/** FHIR's partial dates: a year, a month or a day. */
export const partialDateSchema = z
  .string()
  .regex(/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/, 'Use YYYY, YYYY-MM or YYYY-MM-DD');
const optionalPartialDate = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(partialDateSchema.optional());
const optionalDate = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(z.iso.date().optional());

export const addressSchema = z.object({
  line1: text(200),
  line2: optionalText(200),
  city: text(100),
  region: optionalText(100),
  postal_code: text(20),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use a two-letter country code'),
});

export const SexAtBirth = z.enum(['female', 'male', 'intersex', 'not_disclosed']);
export const profileSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  preferred_name: optionalText(100),
  date_of_birth: dateOfBirthSchema,
  sex_at_birth: SexAtBirth,
  gender_identity: optionalText(100),
  /** BCP 47, e.g. en, zh-Hans, es. */
  preferred_language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Choose a language'),
  height_cm: z.number().min(30).max(272).optional(),
  weight_kg: z.number().min(1).max(500).optional(),
});

export const ContactMethod = z.enum(['mobile', 'sms', 'email', 'post', 'other_phone']);
/** Phone numbers in the national form of the address's country, or international. */
export const contactSchema = withPhonesIn(
  z.object({
    mobile_phone: phoneText,
    other_phone: optionalPhoneText,
    email: emailSchema,
    address: addressSchema,
    preferred_contact_method: ContactMethod,
  }),
  ['mobile_phone', 'other_phone'],
  (contact) => contact.address?.country,
);

export const Relationship = z.enum([
  'spouse',
  'partner',
  'parent',
  'child',
  'sibling',
  'friend',
  'carer',
  'guardian',
  'other',
]);
/**
 * An emergency contact has no address: national numbers are read in `country`, the patient's
 * contact country, which the form knows and sends as E.164 (the server's default is the clinic's).
 */
export function emergencyContactSchemaIn(country: string = CLINIC_COUNTRY) {
  return withPhonesIn(
    z.object({
      name: text(200),
      relationship: Relationship,
      phone: phoneText,
      other_phone: optionalPhoneText,
      email: optionalEmail,
      /** HIPAA: whether the clinic may discuss the patient's care with this person. */
      may_receive_information: z.boolean(),
    }),
    ['phone', 'other_phone'],
    () => country,
  );
}
/** Named `emergency_content` on the wire (spec §3). */
export function emergencyContentSchemaIn(country?: string) {
  return z.object({
    contacts: z.array(emergencyContactSchemaIn(country)).min(1, 'Add at least one person').max(5),
  });
}
export const emergencyContentSchema = emergencyContentSchemaIn();

/** National numbers in the practitioner's own address country, else in `country` (the patient's). */
export function treatingPractitionerSchemaIn(country: string = CLINIC_COUNTRY) {
  return withPhonesIn(
    z.object({
      name: text(200),
      specialty: optionalText(100),
      practice: optionalText(200),
      phone: optionalPhoneText,
      fax: optionalPhoneText,
      email: optionalEmail,
      address: addressSchema.optional(),
    }),
    ['phone', 'fax'],
    (practitioner) => practitioner.address?.country ?? country,
  );
}
export const treatingPractitionerSchema = treatingPractitionerSchemaIn();

export const AllergySeverity = z.enum(['mild', 'moderate', 'severe', 'unknown']);
export const MobilityAid = z.enum([
  'cane',
  'crutches',
  'walker',
  'rollator',
  'manual_wheelchair',
  'power_wheelchair',
  'scooter',
  'prosthesis',
  'orthosis',
  'other',
]);
export const SmokingStatus = z.enum(['never', 'former', 'current', 'not_disclosed']);
export const medicalHistorySchema = z.object({
  conditions: z
    .array(z.object({ name: text(200), since: optionalPartialDate, notes: optionalText(500) }))
    .max(50),
  surgeries: z
    .array(z.object({ name: text(200), date: optionalPartialDate, notes: optionalText(500) }))
    .max(50),
  medications: z
    .array(z.object({ name: text(200), dose: optionalText(100), frequency: optionalText(100) }))
    .max(50),
  allergies: z
    .array(z.object({ substance: text(200), reaction: optionalText(200), severity: AllergySeverity }))
    .max(50),
  no_known_allergies: z.boolean(),
  mobility_aids: z
    .array(MobilityAid)
    .max(10)
    .refine((aids) => new Set(aids).size === aids.length, 'Each aid once'),
  devices: z.array(z.object({ name: text(200), notes: optionalText(500) })).max(20),
  smoking: SmokingStatus,
  notes: optionalText(4000),
});

export const InsuranceType = z.enum(['commercial', 'medicare', 'medicaid', 'other']);
export const SubscriberRelationship = z.enum(['self', 'spouse', 'child', 'other']);
export const coverageSchema = z
  .object({
    insurance_type: InsuranceType,
    /** The primary coverage names `insurance_type` in the token response. */
    primary: z.boolean(),
    payer_name: text(200),
    member_id: text(50),
    group_number: optionalText(50),
    plan_name: optionalText(200),
    subscriber_name: text(200),
    subscriber_relationship: SubscriberRelationship,
    effective_from: optionalDate,
    effective_to: optionalDate,
  })
  .refine((c) => !c.effective_from || !c.effective_to || c.effective_from <= c.effective_to, {
    message: 'The end date is before the start date',
    path: ['effective_to'],
  });

/** The schema of each of the intake's five single resources (spec §7). */
export const INTAKE_RESOURCES = {
  profile: profileSchema,
  contact: contactSchema,
  emergency_content: emergencyContentSchema,
  treating_practitioner: treatingPractitionerSchema,
  medical_history: medicalHistorySchema,
} as const satisfies Record<IntakeResourceName, z.ZodType>;

/**
 * POST body of a single resource: the version the edit started from (0 for none) and
 * either the whole value or, with `draft: true`, what the patient has typed so far.
 * The value is checked by the matching schema, so errors name `value.<field>`.
 */
export function resourceSaveRequest<S extends z.ZodType>(schema: S) {
  const draft = draftOf(schema);
  return z
    .object({ version: z.number().int().min(0), draft: z.boolean().default(false), value: z.unknown() })
    .transform((body, ctx) => {
      const parsed = (body.draft ? draft : schema).safeParse(body.value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
        }
        return z.NEVER;
      }
      return { version: body.version, draft: body.draft, value: parsed.data };
    });
}

/** GET answer of a single resource. */
export const resourceState = z.object({
  value: z.unknown().nullable(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
  draft: z.unknown().nullable(),
});

export const CardSide = z.enum(['front', 'back']);
export const cardInfo = z
  .object({ mime: z.string(), size: z.number().int(), updated_at: z.string() })
  .nullable();
export const coverageState = z.object({
  value: coverageSchema,
  version: z.number().int(),
  updated_at: z.string(),
  cards: z.object({ front: cardInfo, back: cardInfo }),
});
export const coverageSaveRequest = z.object({ version: z.number().int().min(0), value: coverageSchema });
export const coverageDeleteRequest = z.object({ insurance_type: InsuranceType });

/** Card images: PNG, JPEG or PDF up to 5 MB, judged by content (protocol.md §6: 10415, 10413). */
export const CARD_MAX_BYTES = 5 * 1024 * 1024;
export const cardUploadRequest = z.object({
  insurance_type: InsuranceType,
  side: CardSide,
  /** Size is judged after decoding (10413); the route's body limit stops anything absurd first. */
  content_base64: z.string().min(1),
});
export const cardQuery = z.object({ insurance_type: InsuranceType, side: CardSide });
export const cardContent = z.object({ mime: z.string(), content_base64: z.string() });
export type CardContent = z.infer<typeof cardContent>;

export const intakeSubmitRequest = z.object({ no_insurance: z.boolean() });

export type Profile = z.infer<typeof profileSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type EmergencyContent = z.infer<typeof emergencyContentSchema>;
export type TreatingPractitioner = z.infer<typeof treatingPractitionerSchema>;
export type MedicalHistory = z.infer<typeof medicalHistorySchema>;
export type Coverage = z.infer<typeof coverageSchema>;
