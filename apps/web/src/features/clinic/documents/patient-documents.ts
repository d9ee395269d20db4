import type { ChartDocument, ClinicAssignment } from '@portal/protocol';

/**
 * One document sent to the patient, as each read the staff member may make shows it: the chart's
 * (read_chart) brings its history and certificate, the documents module's (manage_documents) the
 * version a move must name. Both reads list the same assignments, so they meet on the id.
 */
export interface PatientDocument {
  id: string;
  title: string;
  status: ClinicAssignment['status'];
  due_at: string | null;
  template_version: number;
  edition: ClinicAssignment['edition'];
  record: ChartDocument | null;
  assignment: ClinicAssignment | null;
}

/** Each document once, in the order the server listed them (the chart's first, when it was read). */
export function mergeDocuments(
  records: readonly ChartDocument[] = [],
  assignments: readonly ClinicAssignment[] = [],
): PatientDocument[] {
  const byId = new Map<string, PatientDocument>();
  for (const record of records) byId.set(record.id, { ...facts(record), record, assignment: null });
  for (const assignment of assignments) {
    const known = byId.get(assignment.id);
    // The assignment is what a move acts on, so its status wins should the two reads differ.
    byId.set(assignment.id, { ...facts(assignment), record: known?.record ?? null, assignment });
  }
  return [...byId.values()];
}

function facts(document: ChartDocument | ClinicAssignment) {
  const { id, title, status, due_at, template_version, edition } = document;
  return { id, title, status, due_at, template_version, edition };
}
