import type { DocumentField, FieldPrefill, IntakeSnapshot, SigningField } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { addressLine, loadIntakeSnapshots } from '../patient/index.ts';

type Sections = IntakeSnapshot['sections'];

/** Each prefill's value from a hand-in; empty when the patient did not give it. */
const PREFILLS: Record<FieldPrefill, (sections: Sections) => string> = {
  full_name: ({ profile }) => (profile ? `${profile.first_name} ${profile.last_name}` : ''),
  date_of_birth: ({ profile }) => profile?.date_of_birth ?? '',
  address: ({ contact }) => (contact ? addressLine(contact.address) : ''),
};

/** The fields with the values of prefilled text fields, from the patient's latest handed-in intake. */
export async function prefillFields(
  ctx: AppContext,
  db: Queryable,
  patientId: string,
  fields: DocumentField[],
): Promise<SigningField[]> {
  if (!fields.some((field) => field.prefill)) return fields;
  const [latest] = await loadIntakeSnapshots(ctx, db, patientId, 1);
  return fields.map((field) =>
    field.prefill
      ? { ...field, value: latest ? PREFILLS[field.prefill](latest.snapshot.sections) : '' }
      : field,
  );
}
