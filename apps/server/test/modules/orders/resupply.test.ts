import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceOrder } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, deviceOrders, resupplyPrompts, users } from '../../../src/db/schema/index.ts';
import { remindResupplies } from '../../../src/modules/orders/index.ts';
import { addCatalogueItem, orderAt, proofOf, signDelivery } from '../../../testing/deliveries.ts';
import { addPatient, addStaff, expectCode } from '../../../testing/documents.ts';
import { startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';

const DAY = 86_400_000;
const PATIENT_PASSWORD = 'Documents-test-2025';

describe('resupply', () => {
  let t: TestPortal;
  let patientId: string;
  let patientEmail: string;
  let otherId: string;
  let mask: string;
  let cpap: string;

  beforeAll(async () => {
    t = await startTestPortal();
    let patient: PortalClient;
    ({ client: patient, id: patientId } = await addPatient(t, 'Morgan'));
    ({ id: otherId } = await addPatient(t, 'Casey'));
    patientEmail = await emailOf(patientId);
    mask = await addCatalogueItem(t, {
      hcpcs: 'A7030',
      category: 'supplies',
      nameGb: 'Full face mask',
      nameCn: '全脸面罩',
      resupplyDays: 90,
    });
    const cushion = await addCatalogueItem(t, {
      hcpcs: 'A7031',
      category: 'supplies',
      nameGb: 'Full face mask cushion',
      nameCn: '全脸面罩垫',
      resupplyDays: 30,
    });
    cpap = await addCatalogueItem(t, {
      hcpcs: 'E0601',
      category: 'respiratory',
      nameGb: 'CPAP device',
      nameCn: '持续气道正压通气机',
    });
    const clinician = await addStaff(t, ['read_chart']);
    for (const items of [
      [
        { catalogueItemId: cpap, serialNumber: 'CP-1' },
        { catalogueItemId: mask, quantity: 2 },
      ],
      [{ catalogueItemId: cushion, quantity: 3 }],
    ]) {
      const id = await orderAt(t, patientId, items);
      await t.portal.ctx.db
        .update(deviceOrders)
        .set({ prescribedBy: clinician.id })
        .where(eq(deviceOrders.id, id));
      await signDelivery(patient, proofOf(id));
    }
  });
  afterAll(() => t.close());

  async function emailOf(id: string): Promise<string> {
    const [row] = await t.portal.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id));
    return row!.email;
  }
  const promptsOf = () =>
    t.portal.ctx.db.select().from(resupplyPrompts).where(eq(resupplyPrompts.patientId, patientId));
  const mailsTo = async (email: string) =>
    (await t.outbox())
      .filter((mail) => mail.includes(`To: ${email}`))
      .map((mail) => mail.replace(/=\r?\n/g, ''));

  it('reminds once per order when its shortest interval has passed, by a mail that names no item', async () => {
    await remindResupplies(t.portal.ctx);
    expect(await promptsOf()).toHaveLength(0);

    t.clock.advance(31 * DAY);
    await remindResupplies(t.portal.ctx);
    expect(await promptsOf()).toHaveLength(1);

    t.clock.advance(60 * DAY);
    await remindResupplies(t.portal.ctx);
    await remindResupplies(t.portal.ctx);
    const prompts = await promptsOf();
    expect(prompts).toHaveLength(2);
    for (const prompt of prompts) expect(prompt.remindedAt).not.toBeNull();

    const mails = await mailsTo(patientEmail);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail).toContain('needs your answer');
      expect(mail).toContain('/equipment');
      expect(mail).not.toMatch(/mask|cushion|CPAP|A703/i);
    }
    const reminders = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.resupply_remind'), eq(auditLog.subjectId, patientId)));
    expect(reminders).toHaveLength(2);
    expect(reminders.every((row) => row.actorId === null)).toBe(true);
  });

  it('orders the resupplied items again on a confirmed answer, once', async () => {
    // The moved clock has outlived every session: sign in afresh.
    const patient = await t.signedIn(patientEmail, PATIENT_PASSWORD);
    const stranger = await t.signedIn(await emailOf(otherId), PATIENT_PASSWORD);
    const [maskPrompt, cushionPrompt] = (await promptsOf()).sort((a, b) =>
      a.eligibleAt > b.eligibleAt ? -1 : 1,
    );
    const answer = (promptId: string, stillInUse: boolean, client = patient) =>
      client.post<{ new_order: DeviceOrder | null }>(
        '/patient/orders/resupply/',
        { prompt_id: promptId, still_in_use: stillInUse, condition: 'worn' },
        { encrypt: true },
      );

    await expectCode(answer(maskPrompt!.id, true, stranger), 10404);
    const { new_order: created } = await answer(maskPrompt!.id, true);
    // Submitted by the server, then held like any order: this patient has no insurance card yet.
    expect(created).toMatchObject({ status: 'on_hold', resupply_of: maskPrompt!.orderId });
    expect(created!.events.map((event) => [event.action, event.actor])).toContainEqual(['submit', 'system']);
    expect(created!.holds.map((hold) => hold.reason)).toEqual(['insurance_issue']);
    expect(created!.items).toEqual([expect.objectContaining({ hcpcs: 'A7030', quantity: 2 })]);
    const [row] = await t.portal.ctx.db.select().from(deviceOrders).where(eq(deviceOrders.id, created!.id));
    const [source] = await t.portal.ctx.db
      .select()
      .from(deviceOrders)
      .where(eq(deviceOrders.id, maskPrompt!.orderId));
    expect(row).toMatchObject({ createdBy: null, prescribedBy: source!.prescribedBy });
    const [answered] = await t.portal.ctx.db
      .select()
      .from(resupplyPrompts)
      .where(eq(resupplyPrompts.id, maskPrompt!.id));
    expect(answered).toMatchObject({ stillInUse: true, condition: 'worn', newOrderId: created!.id });
    await expectCode(answer(maskPrompt!.id, true), 10409);

    expect(await answer(cushionPrompt!.id, false)).toEqual({ new_order: null });
    const answers = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.resupply_answer'), eq(auditLog.subjectId, patientId)));
    expect(answers).toHaveLength(2);
  });
});
