import { desc, eq } from 'drizzle-orm';
import type { FhirClientView } from '@portal/protocol';
import type { Queryable } from '../../../db/database.ts';
import { fhirClients } from '../../../db/schema/index.ts';

type ClientRow = typeof fhirClients.$inferSelect;

export function clientView(row: ClientRow): FhirClientView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    key_ids: row.jwks.keys.map((key) => String(key.kid)),
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function loadClient(db: Queryable, id: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(fhirClients).where(eq(fhirClients.id, id));
  return row ?? null;
}

export function loadClients(db: Queryable): Promise<ClientRow[]> {
  return db.select().from(fhirClients).orderBy(desc(fhirClients.createdAt), fhirClients.id);
}
