import type {
  WorklistAssignRequest,
  WorklistAssignResult,
  WorklistPage,
  WorklistQuery,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { addPatient, addStaff, startDocumentsWorld, type DocumentsWorld } from './documents.ts';

/** One page of the worklist, the query's values sent as the text a browser sends. */
export const readWorklist = (client: PortalClient, query: WorklistQuery = {}) =>
  client.get<WorklistPage>(
    '/admin/worklist/',
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  );

export const assignWorklistItem = (client: PortalClient, body: WorklistAssignRequest) =>
  client.post<WorklistAssignResult>('/admin/worklist/assign/', body, { encrypt: true });

interface Person {
  id: string;
  client: PortalClient;
}

export interface WorklistWorld<Staff extends string, Patient extends string> {
  w: DocumentsWorld;
  /** Signed in, by the role they play in the test. */
  staff: Record<Staff, Person>;
  /** Signed in, by first name. */
  patients: Record<Patient, Person>;
}

interface WorklistPeople<Staff extends string, Patient extends string> {
  staff: Record<Staff, { auths: readonly string[]; firstName?: string }>;
  patients: readonly Patient[];
  /** Where the clock stands before anyone signs in, from the real time. */
  clockAt?: (now: Date) => Date;
}

/** A portal with the staff who work the worklist and the patients whose rows it lists. */
export async function startWorklistWorld<Staff extends string, Patient extends string>({
  staff,
  patients,
  clockAt,
}: WorklistPeople<Staff, Patient>): Promise<WorklistWorld<Staff, Patient>> {
  const w = await startDocumentsWorld();
  if (clockAt) {
    const now = w.t.clock.now();
    w.t.clock.advance(clockAt(now).getTime() - now.getTime());
  }
  const signedInStaff = {} as Record<Staff, Person>;
  for (const [role, { auths, firstName }] of Object.entries(staff) as [Staff, (typeof staff)[Staff]][])
    signedInStaff[role] = await addStaff(w.t, auths, { firstName });
  const signedInPatients = {} as Record<Patient, Person>;
  for (const name of patients) signedInPatients[name] = await addPatient(w.t, name);
  return { w, staff: signedInStaff, patients: signedInPatients };
}
