import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PRESETS } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { patientResources } from '../../../../src/db/schema/index.ts';
import { encryptedResourceValue } from '../../../../src/modules/patient/resource-queries.ts';
import type { DocumentsWorld } from '../../../../testing/documents.ts';
import { SAMPLE_INTAKE } from '../../../../testing/intake-samples.ts';
import { readWorklist, startWorklistWorld } from '../../../../testing/worklist.ts';

const MINUTE = 60_000;

/** The patient saves their profile, born on `dateOfBirth`. */
async function saveProfile(patient: PortalClient, dateOfBirth: string): Promise<void> {
  const { version } = await patient.get<{ version: number }>('/patient/profile/');
  const value = { ...SAMPLE_INTAKE.profile, date_of_birth: dateOfBirth };
  await patient.post('/patient/profile/', { version, value }, { encrypt: true });
}

describe('worklist search by date of birth through its keyed hash (decision 0041)', () => {
  let w: DocumentsWorld;
  let clinician: PortalClient;
  const ids: Record<string, string> = {};
  const patients: Record<string, PortalClient> = {};
  const names = new Map<string, string>();

  /** Who the BF-ADL due queue (every patient here: none has answered) finds for `q`, by first name. */
  const found = async (q: string) =>
    (await readWorklist(clinician, { queue: 'bf_adl_due', q })).items
      .map((row) => names.get(row.patient.id))
      .filter((name) => name !== undefined)
      .sort();

  const profileRows = () =>
    w.t.portal.ctx.db.select().from(patientResources).where(eq(patientResources.kind, 'profile'));

  beforeAll(async () => {
    const world = await startWorklistWorld({
      staff: { clinician: { auths: STAFF_PRESETS.clinician } },
      patients: ['Anna', 'Bert', 'Cleo', 'Dora'],
    });
    ({ w } = world);
    clinician = world.staff.clinician.client;
    for (const [name, born] of [
      ['Anna', '1950-01-31'],
      ['Bert', '1961-12-05'],
      ['Cleo', '1950-01-31'],
      ['Dora', '1950-02-01'],
    ] as const) {
      const p = world.patients[name];
      ids[name] = p.id;
      patients[name] = p.client;
      names.set(p.id, name);
      await saveProfile(p.client, born);
    }
  });
  afterAll(() => w.t.close());

  it('finds every patient born on the date and nobody else, by the hash each save stored', async () => {
    expect(await found('31/01/1950')).toEqual(['Anna', 'Cleo']);
    expect(await found('1961-12-05')).toEqual(['Bert']);
    expect(await found('1950/2/1')).toEqual(['Dora']);
    expect(await found('01/01/1999')).toEqual([]);

    const rows = (await profileRows()).filter((row) => names.has(row.userId));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.dateOfBirthHashVersion).toBe(row.version);
    const hashOf = (name: string) => rows.find((row) => row.userId === ids[name])!.dateOfBirthHash;
    expect(hashOf('Anna')).toBe(hashOf('Cleo'));
    expect(hashOf('Anna')).not.toBe(hashOf('Dora'));
    // Keyed: the column alone does not give the date away to a plain hash of every date.
    expect(hashOf('Anna')).not.toBe(createHash('sha256').update('1950-01-31').digest('hex'));
  });

  it("after a profile's date of birth changes, the old date no longer finds them and the new one does", async () => {
    await saveProfile(patients.Bert!, '1950-02-01');
    expect(await found('05/12/1961')).toEqual([]);
    expect(await found('01/02/1950')).toEqual(['Bert', 'Dora']);
  });

  it('finds a profile saved by a node of the previous release, which leaves the hash behind, by its new date only', async () => {
    const { ctx } = w.t.portal;
    // What that release's save writes: the sealed value and the next version, not the hash.
    const value = { ...SAMPLE_INTAKE.profile, date_of_birth: '1972-07-14' };
    await ctx.db
      .update(patientResources)
      .set({
        data: encryptedResourceValue(ctx, ids.Dora!, 'profile', value),
        version: sql`${patientResources.version} + 1`,
      })
      .where(and(eq(patientResources.userId, ids.Dora!), eq(patientResources.kind, 'profile')));
    expect(await found('14/07/1972')).toEqual(['Dora']);
    expect(await found('01/02/1950')).toEqual(['Bert']);

    expect(await w.t.portal.jobs.runIfDue('date-of-birth-hashes')).toBe(true);
    const dora = (await profileRows()).find((row) => row.userId === ids.Dora)!;
    expect(dora.dateOfBirthHashVersion).toBe(dora.version);
    expect(await found('14/07/1972')).toEqual(['Dora']);
    expect(await found('01/02/1950')).toEqual(['Bert']);
  });

  it('the background job hashes the profiles an older release left; search finds them before and after', async () => {
    const { ctx } = w.t.portal;
    // As migration 0024 leaves every profile written before it.
    await ctx.db
      .update(patientResources)
      .set({ dateOfBirthHash: null, dateOfBirthHashVersion: null })
      .where(eq(patientResources.kind, 'profile'));
    expect(await found('31/01/1950')).toEqual(['Anna', 'Cleo']);
    expect(await found('01/02/1950')).toEqual(['Bert']);

    w.t.clock.advance(MINUTE);
    expect(await w.t.portal.jobs.runIfDue('date-of-birth-hashes')).toBe(true);
    const rows = await profileRows();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.dateOfBirthHash).not.toBeNull();
      expect(row.dateOfBirthHashVersion).toBe(row.version);
    }
    expect(await found('31/01/1950')).toEqual(['Anna', 'Cleo']);
    expect(await found('01/02/1950')).toEqual(['Bert']);
    expect(await found('14/07/1972')).toEqual(['Dora']);
  });
});
