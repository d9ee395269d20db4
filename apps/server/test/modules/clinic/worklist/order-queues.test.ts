import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  Codes,
  ORDER_OVERDUE_DAYS,
  ORDER_QUEUES,
  PROOF_OVERDUE_HOURS,
  RENTAL_ENDING_DAYS,
  STAFF_PRESETS,
  type WorklistQuery,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog, worklistAssignees } from '../../../../src/db/schema/index.ts';
import { addMonths } from '../../../../src/lib/add-months.ts';
import { expectCode, type DocumentsWorld } from '../../../../testing/documents.ts';
import {
  insertCatalogueItem,
  insertOrder,
  insertProof,
  insertResupplyPrompt,
} from '../../../../testing/order-rows.ts';
import {
  assignWorklistItem as assign,
  readWorklist as worklist,
  startWorklistWorld,
} from '../../../../testing/worklist.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('the worklist’s order queues', () => {
  let w: DocumentsWorld;
  let desk: { id: string; client: PortalClient };
  let colleague: { id: string; client: PortalClient };
  let clinician: PortalClient;
  /** Order (or prompt) ids by the name of the case they stand for. */
  const ids: Record<string, string> = {};
  const patients: Record<string, string> = {};
  const rentalsStarted: Record<string, Date> = {};

  const orderIdsIn = async (queue: WorklistQuery['queue'], query: WorklistQuery = {}) =>
    (await worklist(desk.client, { ...query, queue })).items.map((row) =>
      queue === 'resupplies_due' ? row.order!.resupply_prompt_id : row.order!.id,
    );

  beforeAll(async () => {
    const world = await startWorklistWorld({
      // Noon UTC tomorrow: "today" then holds every window set below, whatever the hour the test runs.
      clockAt: (real) =>
        new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate() + 1, 12)),
      staff: {
        desk: { auths: STAFF_PRESETS.front_desk, firstName: 'Frankie' },
        colleague: { auths: ['manage_orders'], firstName: 'Morgan' },
        clinician: { auths: STAFF_PRESETS.clinician },
      },
      patients: ['Hana', 'Omar', 'Dora', 'Pia', 'Rene', 'Otto'],
    });
    ({ w } = world);
    ({ desk, colleague } = world.staff);
    clinician = world.staff.clinician.client;
    for (const [name, patient] of Object.entries(world.patients)) patients[name] = patient.id;
    const db = w.t.portal.ctx.db;
    const now = w.t.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const walker = await insertCatalogueItem(db, { nameGb: 'Walker', nameCn: '助行器' });
    const wheelchair = await insertCatalogueItem(db, {
      nameGb: 'Wheelchair',
      nameCn: '轮椅',
      rentalMonths: 3,
    });
    const bed = await insertCatalogueItem(db, { nameGb: 'Hospital bed', nameCn: '护理床', rentalMonths: 13 });
    const order = async (
      name: string,
      patient: string,
      row: Omit<Parameters<typeof insertOrder>[1], 'patientId'>,
    ) => (ids[name] = await insertOrder(db, { patientId: patients[patient]!, ...row }));

    // On hold: two reasons on one order (the older one sets its waiting time), one cleared hold.
    await order('twoHolds', 'Hana', {
      status: 'on_hold',
      items: [walker],
      holds: [
        { reason: 'prescription_needed', openedAt: ago(3 * DAY) },
        { reason: 'insurance_issue', openedAt: ago(5 * DAY) },
        { reason: 'assessment_needed', openedAt: ago(9 * DAY), clearedAt: ago(8 * DAY) },
      ],
    });
    await order('oneHold', 'Hana', {
      status: 'on_hold',
      items: [wheelchair],
      holds: [{ reason: 'prescription_needed', openedAt: ago(1 * DAY) }],
    });
    await order('submitted', 'Hana', { status: 'submitted', items: [walker] });

    // Deliveries: today's two, one yesterday, one tomorrow, one today but already delivered.
    const window = (start: Date) => ({
      deliveryStartsAt: start,
      deliveryEndsAt: new Date(start.getTime() + 2 * HOUR),
    });
    await order('todayScheduled', 'Dora', {
      status: 'delivery_scheduled',
      items: [walker],
      approvedAt: ago(2 * DAY),
      ...window(new Date(dayStart.getTime() + 9 * HOUR)),
    });
    await order('todayOut', 'Dora', {
      status: 'out_for_delivery',
      items: [walker],
      approvedAt: ago(2 * DAY),
      dispatchedAt: ago(HOUR),
      ...window(new Date(dayStart.getTime() + 1 * HOUR)),
    });
    await order('yesterday', 'Dora', {
      status: 'delivery_scheduled',
      items: [walker],
      approvedAt: ago(2 * DAY),
      ...window(new Date(dayStart.getTime() - 3 * HOUR)),
    });
    await order('tomorrow', 'Dora', {
      status: 'delivery_scheduled',
      items: [walker],
      approvedAt: ago(2 * DAY),
      ...window(new Date(dayStart.getTime() + 25 * HOUR)),
    });

    // Proofs: delivered with a carrier's confirmation, delivered with a signature, out for delivery
    // past its window by more and by less than the grace.
    await order('deliveredNoProof', 'Pia', {
      status: 'delivered',
      items: [walker],
      deliveredAt: ago(4 * DAY),
    });
    await order('completedNoProof', 'Pia', {
      status: 'completed',
      items: [walker],
      deliveredAt: ago(40 * DAY),
    });
    const proved = await order('deliveredWithProof', 'Pia', {
      status: 'delivered',
      items: [walker],
      deliveredAt: ago(4 * DAY),
    });
    await insertProof(db, proved, ago(4 * DAY));
    await order('stuckOut', 'Pia', {
      status: 'out_for_delivery',
      items: [walker],
      dispatchedAt: ago(3 * DAY),
      deliveryStartsAt: ago(PROOF_OVERDUE_HOURS * HOUR + 3 * HOUR),
      deliveryEndsAt: ago(PROOF_OVERDUE_HOURS * HOUR + HOUR),
    });
    await order('recentOut', 'Pia', {
      status: 'out_for_delivery',
      items: [walker],
      dispatchedAt: ago(5 * HOUR),
      deliveryStartsAt: ago(PROOF_OVERDUE_HOURS * HOUR - HOUR),
      deliveryEndsAt: ago(PROOF_OVERDUE_HOURS * HOUR - 3 * HOUR),
    });

    // Resupply prompts: due and unanswered, due and answered, not yet due.
    const source = await insertOrder(db, { patientId: patients.Rene!, status: 'completed', items: [walker] });
    await insertProof(db, source, ago(100 * DAY));
    ids.promptDue = await insertResupplyPrompt(db, {
      patientId: patients.Rene!,
      orderId: source,
      eligibleAt: ago(DAY),
    });
    for (const [name, eligibleAt, answeredAt] of [
      ['promptAnswered', ago(DAY), ago(HOUR)],
      ['promptLater', new Date(now.getTime() + DAY), undefined],
    ] as const) {
      const other = await insertOrder(db, {
        patientId: patients.Rene!,
        status: 'completed',
        items: [walker],
      });
      await insertProof(db, other, ago(100 * DAY));
      ids[name] = await insertResupplyPrompt(db, {
        patientId: patients.Rene!,
        orderId: other,
        eligibleAt,
        ...(answeredAt ? { answeredAt } : {}),
      });
    }

    // Rentals: a 3-month wheelchair two months in (ending within the window), one just started,
    // and a wheelchair with a 13-month bed (the bed's end counts).
    const rental = async (name: string, items: string[], startedDaysAgo: number) => {
      rentalsStarted[name] = ago(startedDaysAgo * DAY);
      const id = await order(name, 'Otto', {
        status: 'in_rental',
        items,
        deliveredAt: ago(startedDaysAgo * DAY),
        rentalStartedAt: ago(startedDaysAgo * DAY),
      });
      await insertProof(db, id, ago(startedDaysAgo * DAY));
    };
    await rental('rentalEnding', [wheelchair], 65);
    await rental('rentalFresh', [wheelchair], 2);
    await rental('rentalLong', [wheelchair, bed], 65);

    // Overdue: approved past the limit, scheduled past it, dispatched past it, approved recently.
    await order('overdueApproved', 'Omar', {
      status: 'approved',
      items: [walker],
      approvedAt: ago((ORDER_OVERDUE_DAYS + 1) * DAY),
    });
    await order('overdueScheduled', 'Omar', {
      status: 'delivery_scheduled',
      items: [walker],
      approvedAt: ago((ORDER_OVERDUE_DAYS + 2) * DAY),
      ...window(new Date(now.getTime() + 3 * DAY)),
    });
    await order('dispatchedLate', 'Omar', {
      status: 'out_for_delivery',
      items: [walker],
      approvedAt: ago((ORDER_OVERDUE_DAYS + 3) * DAY),
      dispatchedAt: ago(HOUR),
      ...window(new Date(now.getTime() + 2 * DAY)),
    });
    await order('approvedRecently', 'Omar', {
      status: 'approved',
      items: [walker],
      approvedAt: ago((ORDER_OVERDUE_DAYS - 1) * DAY),
    });
  });
  afterAll(() => w.t.close());

  it('lists on-hold orders by their oldest open hold, with their reasons, and narrows by reason', async () => {
    const page = await worklist(desk.client, { queue: 'orders_on_hold' });
    expect(page.items.map((row) => row.order!.id)).toEqual([ids.twoHolds, ids.oneHold]);
    const [first] = page.items;
    expect(first!.order).toMatchObject({
      status: 'on_hold',
      item_gb: 'Walker',
      item_cn: '助行器',
      hold_reasons: ['insurance_issue', 'prescription_needed'],
      resupply_prompt_id: null,
    });
    expect(new Date(first!.at).getTime()).toBeLessThan(new Date(page.items[1]!.at).getTime());
    expect(page.hold_counts).toEqual([
      { reason: 'prescription_needed', count: 2 },
      { reason: 'prior_authorisation_pending', count: 0 },
      { reason: 'insurance_issue', count: 1 },
      { reason: 'assessment_needed', count: 0 },
      { reason: 'signature_needed', count: 0 },
      { reason: 'patient_unreachable', count: 0 },
    ]);
    expect(await orderIdsIn('orders_on_hold', { hold_reason: 'insurance_issue' })).toEqual([ids.twoHolds]);
    // A reason alone is totalled by its count; with a search too, by counting the narrowed rows.
    for (const [query, total] of [
      [{ hold_reason: 'prescription_needed' }, 2],
      [{ hold_reason: 'prescription_needed', q: 'hana' }, 2],
      [{ hold_reason: 'insurance_issue', q: 'hana' }, 1],
      [{ hold_reason: 'insurance_issue', q: 'otto' }, 0],
    ] as const) {
      expect([query, (await worklist(desk.client, { queue: 'orders_on_hold', ...query })).total]).toEqual([
        query,
        total,
      ]);
    }
    const narrowed = await worklist(desk.client, {
      queue: 'orders_on_hold',
      hold_reason: 'assessment_needed',
    });
    expect(narrowed.items).toEqual([]);
    expect(narrowed.total).toBe(0);
    // The counts stay the queue's whole, whatever is chosen.
    expect(narrowed.queues.find((q) => q.queue === 'orders_on_hold')!.count).toBe(2);
    expect(narrowed.hold_counts!.find((c) => c.reason === 'prescription_needed')!.count).toBe(2);
    expect((await worklist(desk.client, { queue: 'deliveries_today' })).hold_counts).toBeNull();
  });

  it('lists the deliveries whose window starts today, earliest first, with the window', async () => {
    const page = await worklist(desk.client, { queue: 'deliveries_today' });
    expect(page.items.map((row) => row.order!.id)).toEqual([ids.todayOut, ids.todayScheduled]);
    expect(page.items[0]!.order!.delivery).not.toBeNull();
    expect(page.items[0]!.at).toBe(page.items[0]!.order!.delivery!.starts_at);
  });

  it('lists the deliveries out past their window with neither a signature nor a confirmation', async () => {
    expect(await orderIdsIn('proofs_missing')).toEqual([ids.stuckOut]);
  });

  it('lists unanswered resupply prompts past their date, keyed by the prompt', async () => {
    const page = await worklist(desk.client, { queue: 'resupplies_due', q: 'rene' });
    expect(page.items.map((row) => row.order!.resupply_prompt_id)).toEqual([ids.promptDue]);
    expect(page.items[0]!.order!.status).toBe('completed');
    expect(page.items[0]!.patient.id).toBe(patients.Rene);
  });

  it('lists rentals ending within the window, by their longest item, at the end the patient sees', async () => {
    const page = await worklist(desk.client, { queue: 'rentals_ending' });
    expect(page.items.map((row) => row.order!.id)).toEqual([ids.rentalEnding]);
    const ends = page.items[0]!.at;
    expect(new Date(ends).getTime()).toBeLessThanOrEqual(
      w.t.clock.now().getTime() + RENTAL_ENDING_DAYS * DAY,
    );
    expect(ends).toBe(addMonths(rentalsStarted.rentalEnding!, 3).toISOString());
  });

  it('lists orders approved past the limit with nothing dispatched, the oldest approval first', async () => {
    expect(await orderIdsIn('orders_overdue')).toEqual([ids.overdueScheduled, ids.overdueApproved]);
  });

  it('counts each order queue as its rows, and searches by the patient', async () => {
    const first = await worklist(desk.client, { queue: 'orders_on_hold' });
    for (const queue of ORDER_QUEUES) {
      const page = await worklist(desk.client, { queue });
      expect(page.total).toBe(first.queues.find((q) => q.queue === queue)!.count);
      expect(page.items.length).toBe(page.total);
    }
    expect(await orderIdsIn('orders_overdue', { q: 'omar' })).toHaveLength(2);
    expect(await orderIdsIn('orders_overdue', { q: 'hana' })).toEqual([]);
    expect(await orderIdsIn('orders_on_hold', { sort: 'newest' })).toEqual([ids.oneHold, ids.twoHolds]);
  });

  it('opens the order queues to manage_orders only', async () => {
    const queues = (await worklist(clinician)).queues.map((q) => q.queue);
    for (const queue of ORDER_QUEUES) expect(queues).not.toContain(queue);
    await expectCode(worklist(clinician, { queue: 'orders_on_hold' }), Codes.forbidden);
    const ordersOnly = await worklist(colleague.client);
    expect(ordersOnly.queues.map((q) => q.queue)).toEqual([...ORDER_QUEUES]);
    expect(ordersOnly.queue).toBe('orders_on_hold');
  });

  it('assigns an order, and a resupply by its prompt, and keeps "assigned to me"', async () => {
    const taken = await assign(desk.client, {
      queue: 'orders_overdue',
      patient_id: patients.Omar!,
      order_id: ids.overdueApproved!,
      assignee_id: colleague.id,
    });
    expect(taken.assignee?.first_name).toBe('Morgan');
    const page = await worklist(colleague.client, { queue: 'orders_overdue', mine: 'true' });
    expect(page.items.map((row) => row.order!.id)).toEqual([ids.overdueApproved]);
    expect(page.items[0]!.assignee?.id).toBe(colleague.id);
    await assign(desk.client, {
      queue: 'resupplies_due',
      patient_id: patients.Rene!,
      resupply_prompt_id: ids.promptDue!,
      assignee_id: desk.id,
    });
    const [row] = await w.t.portal.ctx.db
      .select()
      .from(worklistAssignees)
      .where(
        and(eq(worklistAssignees.queue, 'resupplies_due'), eq(worklistAssignees.itemId, ids.promptDue!)),
      );
    expect(row?.assigneeId).toBe(desk.id);
    expect((await worklist(desk.client, { queue: 'resupplies_due', mine: 'true' })).total).toBe(1);
    // An order outside the queue, or another patient's, is no item of it.
    await expectCode(
      assign(desk.client, {
        queue: 'orders_overdue',
        patient_id: patients.Omar!,
        order_id: ids.approvedRecently!,
        assignee_id: desk.id,
      }),
      Codes.itemsNotFound,
    );
    await expectCode(
      assign(desk.client, {
        queue: 'orders_overdue',
        patient_id: patients.Hana!,
        order_id: ids.overdueApproved!,
        assignee_id: desk.id,
      }),
      Codes.itemsNotFound,
    );
    await expectCode(
      assign(clinician, {
        queue: 'orders_overdue',
        patient_id: patients.Omar!,
        order_id: ids.overdueApproved!,
        assignee_id: null,
      }),
      Codes.forbidden,
    );
  });

  it('audits a page of an order queue in each shown patient’s trail', async () => {
    await worklist(desk.client, { queue: 'rentals_ending' });
    const rows = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'worklist.read'), eq(auditLog.subjectId, patients.Otto!)));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows.at(-1)!.detail)).toContain('rentals_ending');
  });
});
