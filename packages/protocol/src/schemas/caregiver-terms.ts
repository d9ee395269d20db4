import { z } from 'zod';

// The words of a grant, apart from caregivers.ts so the audit vocabulary can list them (caregivers.ts
// itself reads the vocabulary).

/** What a grant lets the caregiver do, each checked on the server on every route. */
export const CAREGIVER_SCOPES = [
  'view_intake',
  'fill_intake',
  'view_documents',
  'sign_documents',
  'view_assessments',
  'fill_assessments',
  'write_messages',
  // Decision 0035: to see the patient's orders, and to act on them (choose a delivery slot, answer a
  // resupply, sign a proof of delivery where the clinic lets the caregiver sign as representative).
  'view_orders',
  'act_on_orders',
] as const;
export const CaregiverScope = z.enum(CAREGIVER_SCOPES);
export type CaregiverScope = z.infer<typeof CaregiverScope>;

/** Who recorded the grant: the patient from the account page, or staff on the chart. */
export const GrantSource = z.enum(['patient', 'clinic']);
export type GrantSource = z.infer<typeof GrantSource>;

/** What gives a grant recorded by staff its authority; the document itself is kept with it. */
export const AuthorityKind = z.enum(['power_of_attorney', 'guardianship_order', 'court_order', 'other']);
export type AuthorityKind = z.infer<typeof AuthorityKind>;
