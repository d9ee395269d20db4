import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  Codes,
  DOCUMENT_TRANSITIONS,
  DocumentAction,
  DocumentStatus,
  type ClinicAssignment,
  type DocumentActor,
} from '@portal/protocol';
import { expireOverdueDocuments } from '../../../src/modules/documents/expiry-job.ts';
import {
  assign,
  failureCodeOf,
  SIGNATURE_FIELDS,
  startDocumentsWorld,
  uploadTemplate,
  type DocumentsWorld,
} from '../../../testing/documents.ts';

/** Each action belongs to one actor in the table, and reaches the server through that actor's door. */
const actorOf = (action: DocumentAction): DocumentActor =>
  DOCUMENT_TRANSITIONS.find((t) => t.action === action)!.actor;

describe('the document state table, through the real API', () => {
  let w: DocumentsWorld;

  beforeAll(async () => {
    w = await startDocumentsWorld();
  });
  afterAll(() => w.t.close());

  const read = (id: string) => w.admin.get<ClinicAssignment>('/admin/documents/assignment/', { id });

  /** Makes `action` on document `id` as its actor would: the patient's sign route, the clinic's action route, or the job. */
  async function attempt(id: string, action: DocumentAction): Promise<void> {
    const actor = actorOf(action);
    if (actor === 'patient') {
      const body =
        action === 'reject'
          ? { id, action, reason: 'I have questions first' }
          : { id, action, consent: true, signature: { kind: 'typed', text: 'Morgan Tester' } };
      await w.patient.post('/patient/sign/', body, { encrypt: true });
    } else if (actor === 'clinic') {
      await w.admin.post('/admin/documents/assignment/action/', { id, action }, { encrypt: true });
    } else {
      // The job is the system's only door: it refuses by leaving the document as it was.
      const { version } = await read(id);
      w.t.clock.advance(5_000);
      await expireOverdueDocuments(w.t.portal.ctx);
      if ((await read(id)).version === version)
        throw new ApiError(409, { code: Codes.conflict, message: 'not expired' });
    }
  }

  /**
   * A new document in `status`, reached along the table's own moves; each of its own template,
   * since the patient may hold a template open only once.
   */
  async function documentIn(status: DocumentStatus): Promise<string> {
    const templateId = (await uploadTemplate(w.admin, { fields: SIGNATURE_FIELDS })).id;
    const due = new Date(w.t.clock.now().getTime() + 2_000).toISOString();
    const pending = ['pending_signature', 'signed', 'completed', 'rejected', 'expired'].includes(status);
    const [created] = await assign(w.admin, templateId, [w.patientId], { send: pending, due_at: due });
    const id = created!.id;
    const path: Partial<Record<DocumentStatus, DocumentAction[]>> = {
      submitted: ['submit'],
      signed: ['sign'],
      completed: ['sign', 'countersign'],
      rejected: ['reject'],
      expired: ['expire'],
      cancelled: ['cancel'],
    };
    for (const action of path[status] ?? []) await attempt(id, action);
    expect((await read(id)).status).toBe(status);
    return id;
  }

  const cases = DocumentStatus.options.flatMap((from) =>
    DocumentAction.options.map((action) => {
      const allowed = DOCUMENT_TRANSITIONS.find((t) => t.from === from && t.action === action);
      return { from, action, actor: actorOf(action), to: allowed?.to };
    }),
  );

  it.each(cases.filter((c) => c.to))('$actor may $action: $from → $to', async ({ from, action, to }) => {
    const id = await documentIn(from);
    const before = await read(id);
    await attempt(id, action);
    const after = await read(id);
    expect(after.status).toBe(to);
    expect(after.version).toBe(before.version + 1);
    expect(after.events.at(-1)).toMatchObject({ action, from_status: from, to_status: to });
  });

  it.each(cases.filter((c) => !c.to))(
    '$actor may not $action a $from document (10409)',
    async ({ from, action }) => {
      const id = await documentIn(from);
      const before = await read(id);
      expect(await failureCodeOf(attempt(id, action))).toBe(Codes.conflict);
      const after = await read(id);
      expect(after.status).toBe(from);
      expect(after.version).toBe(before.version);
    },
  );
});
