import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  auditLog,
  catalogueItems,
  deviceOrderEvents,
  deviceOrderItems,
  deviceOrders,
  resupplyPrompts,
  users,
} from '../../../src/db/schema/index.ts';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';

const DAY_MS = 24 * 3600_000;

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal();
});
afterAll(() => t.close());

const daysAgo = (at: Date | null) => Math.round((t.portal.ctx.now().getTime() - at!.getTime()) / DAY_MS);

describe('device orders demo', () => {
  it('seeds the catalogue of device-orders.md, named in gb and cn', async () => {
    const items = await t.portal.ctx.db.select().from(catalogueItems).orderBy(asc(catalogueItems.hcpcs));
    expect(items).toHaveLength(16);
    for (const item of items) expect(item.nameCn).toMatch(/[\u4e00-\u9fff]/);
    const wheelchair = items.find((item) => item.hcpcs === 'K0001')!;
    expect(wheelchair).toMatchObject({
      supply: 'rental',
      rentalMonths: 13,
      requiresPrescription: true,
      bfAdlWithinDays: 90,
    });
    expect(wheelchair.prepareGb).toMatch(/^Clear a path to the bedroom door/);
    expect(items.find((item) => item.hcpcs === 'E1390')).toMatchObject({ rentalMonths: 36 });
    expect(items.find((item) => item.hcpcs === 'A7032')).toMatchObject({ resupplyDays: 15 });
    expect(items.find((item) => item.hcpcs === 'E2601')).toMatchObject({
      supply: 'purchase',
      resupplyDays: 180,
    });
  });

  it('seeds the demo patient a walker delivered, a wheelchair in its third rental month and CPAP supplies due', async () => {
    const { db } = t.portal.ctx;
    const [patient] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_PATIENT.email));
    const orders = await db
      .select()
      .from(deviceOrders)
      .where(eq(deviceOrders.patientId, patient!.id))
      .orderBy(asc(deviceOrders.createdAt));
    const lines = await db
      .select({
        orderId: deviceOrderItems.orderId,
        hcpcs: catalogueItems.hcpcs,
        serial: deviceOrderItems.serialNumber,
      })
      .from(deviceOrderItems)
      .innerJoin(catalogueItems, eq(catalogueItems.id, deviceOrderItems.catalogueItemId))
      .where(
        inArray(
          deviceOrderItems.orderId,
          orders.map((o) => o.id),
        ),
      );
    const codes = (orderId: string) =>
      lines
        .filter((l) => l.orderId === orderId)
        .map((l) => l.hcpcs)
        .sort();
    const [cpap, wheelchair, walker] = orders;
    expect(orders).toHaveLength(3);

    expect(codes(walker!.id)).toEqual(['E0143']);
    expect(walker).toMatchObject({ status: 'delivered' });
    expect(daysAgo(walker!.deliveredAt)).toBe(36);

    expect(codes(wheelchair!.id)).toEqual(['K0001']);
    expect(wheelchair).toMatchObject({ status: 'in_rental' });
    // The third rental month runs from day 61 to day 90.
    expect(daysAgo(wheelchair!.rentalStartedAt)).toBeGreaterThan(60);
    expect(daysAgo(wheelchair!.rentalStartedAt)).toBeLessThanOrEqual(90);

    expect(codes(cpap!.id)).toEqual(['A7030', 'A7031', 'A7038', 'E0601']);
    expect(daysAgo(cpap!.deliveredAt)).toBe(95);
    const prompts = await db.select().from(resupplyPrompts).where(eq(resupplyPrompts.patientId, patient!.id));
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({ orderId: cpap!.id, answeredAt: null, newOrderId: null });
    expect(prompts[0]!.eligibleAt.getTime()).toBeLessThan(t.portal.ctx.now().getTime());

    for (const device of ['E0143', 'K0001', 'E0601'])
      expect(lines.find((l) => l.hcpcs === device)!.serial).toMatch(/\S/);

    // Walked through the state table, each move in the order's history and the audit log.
    const history = await db
      .select({
        orderId: deviceOrderEvents.orderId,
        action: deviceOrderEvents.action,
        at: deviceOrderEvents.at,
      })
      .from(deviceOrderEvents)
      .where(
        inArray(
          deviceOrderEvents.orderId,
          orders.map((o) => o.id),
        ),
      )
      .orderBy(asc(deviceOrderEvents.at));
    // createOrder submits at the instant it creates, and a rental starts with its delivery:
    // the order of the steps is that of the days they happened on.
    const steps = (orderId: string) => {
      const days = history.filter((e) => e.orderId === orderId);
      return days.map((e) => e.action).sort();
    };
    const walk = [
      'create',
      'submit',
      'hold',
      'release',
      'approve',
      'offer_slots',
      'schedule',
      'dispatch',
      'deliver',
    ];
    expect(steps(walker!.id)).toEqual([...walk].sort());
    expect(steps(wheelchair!.id)).toEqual([...walk, 'clear_hold', 'hold', 'start_rental'].sort());
    expect(history.filter((e) => e.orderId === walker!.id).at(-1)!.action).toBe('deliver');
    const delivered = history.find((e) => e.orderId === walker!.id && e.action === 'deliver')!;
    expect(delivered.at).toEqual(walker!.deliveredAt);
    const audited = await db
      .select({ action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.subjectId, patient!.id));
    for (const order of orders) {
      expect(
        audited.filter((row) => row.target === `device_orders:${order.id}`).length,
      ).toBeGreaterThanOrEqual(7);
    }
  });
});
