import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ActingForGrant,
  AuthorityKind,
  CaregiverGrant,
  CaregiverScope,
  GrantSource,
  GrantStatus,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { patientAccount } from '../../db/patient-account.ts';
import { caregiverGrants, users } from '../../db/schema/index.ts';
import { todayOf } from '../auth/index.ts';

export type GrantRow = typeof caregiverGrants.$inferSelect;

/** What `details_enc` seals: who was invited, as what, and the authority's file name. */
export interface GrantDetails {
  email: string;
  relationship: string;
  authorityFileName: string | null;
}

// Binds the sealed details to their grant: they cannot be moved to another row.
const detailsContext = (id: string) => `caregiver_grants:${id}:details`;

export const detailsOf = (ctx: AppContext, row: Pick<GrantRow, 'id' | 'details'>): GrantDetails =>
  ctx.cipher.decryptJson(row.details, detailsContext(row.id)) as GrantDetails;

export interface NewGrant {
  patientId: string;
  details: GrantDetails;
  scopes: CaregiverScope[];
  endsOn: string;
  source: GrantSource;
  /** null for a grant recorded live without an invitation (the demo seed). */
  inviteTokenHash: string | null;
  inviteExpiresAt: Date | null;
  authorityKind?: AuthorityKind;
  authorityFileId?: string;
  createdBy: string;
}

export async function insertGrant(ctx: AppContext, db: Queryable, grant: NewGrant): Promise<GrantRow> {
  const id = randomUUID();
  const { details, ...rest } = grant;
  const [row] = await db
    .insert(caregiverGrants)
    .values({
      id,
      ...rest,
      details: ctx.cipher.encryptJson(details, detailsContext(id)),
      status: 'invited',
      createdAt: ctx.now(),
    })
    .returning();
  return row!;
}

/** The status a reader sees: a lapsed grant or an unanswered invitation past its time is `expired`. */
export function statusOf(row: GrantRow, now: Date): GrantStatus {
  const live = row.status === 'invited' || row.status === 'active';
  if (live && row.endsOn < todayOf(now)) return 'expired';
  if (row.status === 'invited' && row.inviteExpiresAt !== null && row.inviteExpiresAt <= now)
    return 'expired';
  return row.status;
}

const caregiver = alias(users, 'caregiver');
const recorder = alias(users, 'recorder');

/** Every grant a patient gave (or staff recorded for them), newest first, as the patient and the chart see them. */
export async function grantsOfPatient(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
): Promise<CaregiverGrant[]> {
  const rows = await db
    .select({
      grant: caregiverGrants,
      firstName: caregiver.firstName,
      lastName: caregiver.lastName,
      recorderFirst: recorder.firstName,
      recorderLast: recorder.lastName,
    })
    .from(caregiverGrants)
    .leftJoin(caregiver, eq(caregiver.id, caregiverGrants.caregiverId))
    .leftJoin(recorder, eq(recorder.id, caregiverGrants.createdBy))
    .where(eq(caregiverGrants.patientId, patientId))
    .orderBy(desc(caregiverGrants.createdAt), desc(caregiverGrants.id));
  const now = ctx.now();
  return rows.map(({ grant, firstName, lastName, recorderFirst, recorderLast }) => {
    const details = detailsOf(ctx, grant);
    return {
      id: grant.id,
      caregiver_email: details.email,
      caregiver_name: grant.caregiverId ? `${firstName ?? ''} ${lastName ?? ''}`.trim() : null,
      relationship: details.relationship,
      scopes: grant.scopes,
      ends_on: grant.endsOn,
      status: statusOf(grant, now),
      source: grant.source,
      recorded_by:
        grant.source === 'clinic' ? `${recorderFirst ?? ''} ${recorderLast ?? ''}`.trim() || null : null,
      authority:
        grant.authorityKind && details.authorityFileName
          ? { kind: grant.authorityKind, file_name: details.authorityFileName }
          : null,
      created_at: grant.createdAt.toISOString(),
      accepted_at: grant.acceptedAt?.toISOString() ?? null,
      revoked_at: grant.revokedAt?.toISOString() ?? null,
    };
  });
}

const patient = alias(users, 'patient');

/** The live grants a caregiver holds (the same conditions the auth plugin judges), by patient name. */
export async function liveGrantsOf(
  ctx: AppContext,
  db: Queryable,
  caregiverId: string,
): Promise<ActingForGrant[]> {
  const rows = await db
    .select({ grant: caregiverGrants, firstName: patient.firstName, lastName: patient.lastName })
    .from(caregiverGrants)
    .innerJoin(patient, eq(patient.id, caregiverGrants.patientId))
    .where(
      and(
        eq(caregiverGrants.caregiverId, caregiverId),
        eq(caregiverGrants.status, 'active'),
        gte(caregiverGrants.endsOn, todayOf(ctx.now())),
        ne(patient.status, 'deactivated'),
        patientAccount(patient),
      ),
    )
    .orderBy(patient.firstName, patient.lastName, caregiverGrants.id);
  return rows.map(({ grant, firstName, lastName }) => ({
    id: grant.id,
    patient_id: grant.patientId,
    patient_name: `${firstName} ${lastName}`,
    relationship: detailsOf(ctx, grant).relationship,
    scopes: grant.scopes,
    ends_on: grant.endsOn,
  }));
}

/** A grant of this patient, locked for a change; undefined for another patient's or a missing one. */
export async function lockGrantOf(
  db: Queryable,
  grantId: string,
  patientId: string,
): Promise<GrantRow | undefined> {
  const [row] = await db
    .select()
    .from(caregiverGrants)
    .where(and(eq(caregiverGrants.id, grantId), eq(caregiverGrants.patientId, patientId)))
    .for('update');
  return row;
}

/** Who made a grant: the patient, or the clinic and the staff member who recorded it (null once gone). */
export async function grantMakerOf(
  db: Queryable,
  grantId: string,
): Promise<{ source: GrantSource; recordedBy: string | null }> {
  const [row] = await db
    .select({ source: caregiverGrants.source, firstName: recorder.firstName, lastName: recorder.lastName })
    .from(caregiverGrants)
    .leftJoin(recorder, eq(recorder.id, caregiverGrants.createdBy))
    .where(eq(caregiverGrants.id, grantId));
  const name = `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim();
  return { source: row?.source ?? 'patient', recordedBy: row?.source === 'clinic' && name ? name : null };
}
