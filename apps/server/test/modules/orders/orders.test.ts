import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, Codes, type DeviceOrder, type TemplateDetail, type WorklistPage } from '@portal/protocol';
import { auditLog, deviceOrderEvents, deviceOrderHolds, deviceOrders } from '../../../src/db/schema/index.ts';
import { runOrderJobs } from '../../../src/modules/orders/index.ts';
import { answersTotalling, saveAssessment, submission } from '../../../testing/assessment.ts';
import { actingFor, addCaregiver, liveGrant } from '../../../testing/caregivers.ts';
import {
  addPatient,
  expectCode,
  failureCodeOf,
  makePdf,
  SIGNATURE_FIELDS,
  signDrawn,
} from '../../../testing/documents.ts';
import { DEMO_ADMIN } from '../../../testing/test-portal.ts';
import {
  addCoverage,
  move,
  myEquipment,
  offerSlots,
  ordersOf,
  prescribe,
  saveCatalogueItem,
  startOrdersWorld,
  WHEELCHAIR,
  window,
  type OrdersWorld,
} from '../../../testing/orders.ts';

const fieldErrorsOf = async (call: Promise<unknown>) => {
  const error = await call.catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error('expected the call to fail');
  return { code: error.code, paths: (error.errors ?? []).map((e) => e.path) };
};

describe('device orders', () => {
  let w: OrdersWorld;
  let wheelchairId: string;

  beforeAll(async () => {
    w = await startOrdersWorld();
    wheelchairId = (await saveCatalogueItem(w.desk, WHEELCHAIR)).id;
  });
  afterAll(() => w.t.close());

  /** A patient with a card on file and a BF-ADL answered: nothing holds their orders. */
  async function readyPatient() {
    const patient = await addPatient(w.t, 'Jordan');
    await addCoverage(patient.client);
    await saveAssessment(patient.client, submission(answersTotalling(60)));
    return patient;
  }

  it('holds a new patient’s wheelchair for the BF-ADL and insurance, and releases it once the patient has done both', async () => {
    const patient = await addPatient(w.t, 'Riley');
    const order = await prescribe(w.clinician, patient.id, wheelchairId, { note: 'Left hemiparesis' });
    expect(order.status).toBe('on_hold');
    expect(order.holds.map((hold) => [hold.reason, hold.step])).toEqual([
      ['insurance_issue', 'add_insurance'],
      ['assessment_needed', 'answer_bf_adl'],
    ]);
    expect(order.events.map((e) => [e.action, e.actor])).toEqual([
      ['create', 'prescriber'],
      ['submit', 'prescriber'],
      ['hold', 'system'],
      ['hold', 'system'],
    ]);
    expect(order.events[0]!.note).toBe('Left hemiparesis');

    const mine = await myEquipment(patient.client);
    expect(mine.tasks.map((task) => [task.kind, task.hold?.step])).toEqual([
      ['clear_hold', 'add_insurance'],
      ['clear_hold', 'answer_bf_adl'],
    ]);
    // The clinic's people are "the clinic" to the patient, and staff notes stay with staff.
    expect(mine.orders[0]!.events[0]).toMatchObject({ actor: 'prescriber', actor_name: null, note: null });

    await addCoverage(patient.client);
    const [covered] = await ordersOf(w.desk, patient.id);
    expect(covered!.status).toBe('on_hold');
    expect(covered!.holds.map((hold) => hold.reason)).toEqual(['assessment_needed']);

    await saveAssessment(patient.client, submission(answersTotalling(60)));
    const after = await myEquipment(patient.client);
    expect(after.orders[0]).toMatchObject({ status: 'submitted', holds: [] });
    expect(after.tasks).toEqual([]);
    expect(after.orders[0]!.events.slice(-2).map((e) => [e.action, e.actor, e.hold_reason])).toEqual([
      ['clear_hold', 'system', 'insurance_issue'],
      ['release', 'system', 'assessment_needed'],
    ]);
  });

  it('sends the item’s library form to sign, holds the order until it is signed, and reuses the open form', async () => {
    const admin = await w.t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const created = await admin.post<TemplateDetail>(
      '/admin/documents/library/template/',
      {
        kind: 'signature',
        gb: {
          title: 'Wheelchair agreement',
          description: 'Care and return',
          pdf_base64: Buffer.from(await makePdf(1, 'Wheelchair agreement')).toString('base64'),
        },
      },
      { encrypt: true },
    );
    await admin.post('/admin/documents/library/fields/', {
      id: created.id,
      language: 'gb',
      fields: SIGNATURE_FIELDS,
    });
    await admin.post('/admin/documents/library/publish/', { id: created.id, version: 1 });
    const withForm = await saveCatalogueItem(w.desk, {
      ...WHEELCHAIR,
      hcpcs: 'K0002',
      form_template_id: created.id,
    });

    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, withForm.id);
    expect(order.holds).toEqual([
      expect.objectContaining({
        reason: 'signature_needed',
        step: 'sign_form',
        assignment_id: expect.any(String),
      }),
    ]);
    const assignmentId = order.holds[0]!.assignment_id!;
    const second = await prescribe(w.clinician, patient.id, withForm.id);
    expect(second.holds[0]!.assignment_id).toBe(assignmentId);

    await signDrawn(patient.client, assignmentId);
    const mine = await myEquipment(patient.client);
    expect(mine.orders.map((o) => [o.status, o.holds.length])).toEqual([
      ['submitted', 0],
      ['submitted', 0],
    ]);
  });

  it('clears a met hold from the orders job, with nobody reading the order', async () => {
    const patient = await addPatient(w.t, 'Sam');
    await addCoverage(patient.client);
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    expect(order.holds.map((hold) => hold.reason)).toEqual(['assessment_needed']);
    await saveAssessment(patient.client, submission(answersTotalling(60)));
    await runOrderJobs(w.t.portal.ctx);
    const events = await w.t.portal.ctx.db
      .select({ action: deviceOrderEvents.action, actor: deviceOrderEvents.actor })
      .from(deviceOrderEvents)
      .where(eq(deviceOrderEvents.orderId, order.id));
    expect(events.at(-1)).toEqual({ action: 'release', actor: 'system' });
  });

  it('goes from approval to delivery: the desk approves and offers windows, the patient chooses one, the desk delivers', async () => {
    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    expect(order).toMatchObject({ status: 'submitted', holds: [] });
    expect(order.actions).toEqual(['cancel']);

    const approved = await move(w.desk, order, 'approve');
    expect(approved.status).toBe('approved');
    expect(approved.approved_at).not.toBeNull();

    const offered = await offerSlots(w.desk, approved, [window(w.t, 24), window(w.t, 48)]);
    expect(offered.slots).toHaveLength(2);
    const mine = await myEquipment(patient.client);
    expect(mine.tasks).toEqual([
      expect.objectContaining({
        kind: 'choose_slot',
        order_id: order.id,
        name: { gb: 'Standard wheelchair', cn: '标准轮椅' },
      }),
    ]);

    const chosen = await patient.client.post<{ order: DeviceOrder }>(
      '/patient/orders/slot/',
      { id: order.id, version: offered.version, slot_id: offered.slots[1]!.id },
      { encrypt: true },
    );
    expect(chosen.order).toMatchObject({
      status: 'delivery_scheduled',
      delivery: { starts_at: offered.slots[1]!.starts_at, ends_at: offered.slots[1]!.ends_at },
      slots: [],
    });
    expect(chosen.order.events.at(-1)).toMatchObject({
      action: 'schedule',
      actor: 'patient',
      actor_name: 'Jordan Tester',
    });

    const itemId = chosen.order.items[0]!.id;
    const dispatched = await move(w.desk, chosen.order, 'dispatch', {
      serials: [{ item_id: itemId, serial_number: 'WC-2231' }],
    });
    expect(dispatched.status).toBe('out_for_delivery');
    expect(dispatched.items[0]!.serial_number).toBe('WC-2231');

    const delivered = await move(w.desk, dispatched, 'deliver', { note: 'Carrier confirmation 1Z999' });
    // A rented item goes on into its rental at once.
    expect(delivered.status).toBe('in_rental');
    expect(delivered.rental).toMatchObject({ months_total: 13, months_used: 1 });
    expect(delivered.maintenance_due_at).not.toBeNull();
  });

  it('refuses a move the table does not hold with 10409 and leaves the history as it was', async () => {
    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    await expectCode(move(w.desk, order, 'dispatch'), Codes.conflict);
    // The prescriber may not approve: that is the desk's.
    await expectCode(move(w.clinician, order, 'approve'), Codes.conflict);
    await expectCode(move(w.desk, { ...order, version: order.version + 5 }, 'approve'), Codes.conflict);
    const [after] = await ordersOf(w.desk, patient.id);
    expect(after!.version).toBe(order.version);
    expect(after!.events).toEqual(order.events);
  });

  it('lets one of two racing approvals win; the other answers 10409', async () => {
    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    const codes = await Promise.all([
      failureCodeOf(move(w.desk, order, 'approve')).catch(() => 0),
      failureCodeOf(move(w.desk, order, 'approve')).catch(() => 0),
    ]);
    expect(codes.sort()).toEqual([0, Codes.conflict]);
    const [after] = await ordersOf(w.desk, patient.id);
    expect(after!.events.filter((e) => e.action === 'approve')).toHaveLength(1);
  });

  it('opens a hold only with its reason, and releases the order when its last hold clears', async () => {
    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    expect(await fieldErrorsOf(move(w.desk, order, 'hold'))).toEqual({
      code: Codes.validation,
      paths: ['reason'],
    });
    const held = await move(w.desk, order, 'hold', {
      reason: 'patient_unreachable',
      note: 'No answer twice',
    });
    const twice = await move(w.desk, held, 'hold', { reason: 'prior_authorisation_pending' });
    expect(twice.holds.map((hold) => hold.reason)).toEqual([
      'patient_unreachable',
      'prior_authorisation_pending',
    ]);
    await expectCode(move(w.desk, twice, 'approve'), Codes.conflict);
    await expectCode(move(w.desk, twice, 'hold', { reason: 'patient_unreachable' }), Codes.conflict);

    const one = await move(w.desk, twice, 'release', { reason: 'patient_unreachable' });
    expect(one).toMatchObject({
      status: 'on_hold',
      holds: [expect.objectContaining({ reason: 'prior_authorisation_pending' })],
    });
    const none = await move(w.desk, one, 'release', { reason: 'prior_authorisation_pending' });
    expect(none).toMatchObject({ status: 'submitted', holds: [] });
    expect(none.events.find((e) => e.action === 'hold' && e.actor === 'orders_desk')).toMatchObject({
      actor_name: 'Desk Staff',
      note: 'No answer twice',
    });
  });

  it('keeps an order on hold waiting since its oldest open hold, and closes what is open when it is cancelled', async () => {
    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    const held = await move(w.desk, order, 'hold', { reason: 'patient_unreachable' });
    w.t.clock.advance(60_000);
    const twice = await move(w.desk, held, 'hold', { reason: 'insurance_issue' });
    const heldRow = async () =>
      (await w.t.portal.ctx.db.select().from(deviceOrders).where(eq(deviceOrders.id, order.id)))[0]!;
    const holdsOf = () =>
      w.t.portal.ctx.db
        .select()
        .from(deviceOrderHolds)
        .where(eq(deviceOrderHolds.orderId, order.id))
        .orderBy(asc(deviceOrderHolds.openedAt));
    expect((await heldRow()).heldSince?.toISOString()).toBe(twice.holds[0]!.opened_at);
    const onHold = () =>
      w.desk.get<WorklistPage>('/admin/worklist/', {
        queue: 'orders_on_hold',
        hold_reason: 'insurance_issue',
      });
    const before = await onHold();
    expect(before.items.map((row) => row.order!.id)).toContain(order.id);

    const one = await move(w.desk, twice, 'release', { reason: 'patient_unreachable' });
    expect((await heldRow()).heldSince?.toISOString()).toBe(one.holds[0]!.opened_at);
    w.t.clock.advance(60_000);
    const cancelled = await move(w.desk, one, 'cancel');
    expect(cancelled).toMatchObject({ status: 'cancelled', holds: [] });
    const row = await heldRow();
    expect(row.heldSince).toBeNull();
    expect((await holdsOf()).map((hold) => hold.clearedAt)).toEqual([expect.any(Date), row.updatedAt]);
    const after = await onHold();
    expect(after.items.map((item) => item.order!.id)).not.toContain(order.id);
    const insurance = (page: WorklistPage) =>
      page.hold_counts!.find((c) => c.reason === 'insurance_issue')!.count;
    expect(insurance(after)).toBe(insurance(before) - 1);
  });

  it('offers only future, non-overlapping windows of one hour to a day, and only on an approved order', async () => {
    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    await expectCode(offerSlots(w.desk, order, [window(w.t, 24)]), Codes.conflict);
    const approved = await move(w.desk, order, 'approve');
    expect(
      await fieldErrorsOf(
        offerSlots(w.desk, approved, [
          window(w.t, -2),
          window(w.t, 24, 0.5),
          window(w.t, 48),
          window(w.t, 50),
        ]),
      ),
    ).toEqual({
      code: Codes.validation,
      paths: ['slots.0.starts_at', 'slots.1.starts_at', 'slots.2.starts_at', 'slots.3.starts_at'],
    });

    const first = await offerSlots(w.desk, approved, [window(w.t, 24)]);
    const second = await offerSlots(w.desk, first, [window(w.t, 72)]);
    expect(second.slots).toHaveLength(1);
    // The replaced offer can no longer be chosen.
    expect(
      await fieldErrorsOf(
        patient.client.post(
          '/patient/orders/slot/',
          { id: order.id, version: second.version, slot_id: first.slots[0]!.id },
          { encrypt: true },
        ),
      ),
    ).toEqual({ code: Codes.validation, paths: ['slot_id'] });
  });

  it('lets the desk book an offered window for a patient who phones in, audited as the desk’s', async () => {
    const patient = await readyPatient();
    const approved = await move(w.desk, await prescribe(w.clinician, patient.id, wheelchairId), 'approve');
    // The move route books nothing: a window is one of those offered, named by the booking route.
    expect(await fieldErrorsOf(move(w.desk, approved, 'schedule'))).toEqual({
      code: Codes.validation,
      paths: ['action'],
    });
    const offered = await offerSlots(w.desk, approved, [window(w.t, 24), window(w.t, 48)]);
    const book = (client: typeof w.desk, slotId: string, version = offered.version) =>
      client.post<{ order: DeviceOrder }>(
        '/admin/orders/slot/',
        { id: approved.id, version, slot_id: slotId },
        { encrypt: true },
      );
    await expectCode(book(w.clinician, offered.slots[0]!.id), Codes.forbidden);
    expect(await fieldErrorsOf(book(w.desk, approved.id))).toEqual({
      code: Codes.validation,
      paths: ['slot_id'],
    });
    await expectCode(book(w.desk, offered.slots[0]!.id, approved.version), Codes.conflict);

    const booked = await book(w.desk, offered.slots[0]!.id);
    expect(booked.order).toMatchObject({
      status: 'delivery_scheduled',
      delivery: { starts_at: offered.slots[0]!.starts_at, ends_at: offered.slots[0]!.ends_at },
      slots: [],
    });
    expect(booked.order.events.at(-1)).toMatchObject({
      action: 'schedule',
      actor: 'orders_desk',
      actor_name: 'Desk Staff',
    });
    expect((await myEquipment(patient.client)).tasks).toEqual([]);
    const audited = await w.t.portal.ctx.db
      .select({ actorId: auditLog.actorId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.schedule'), eq(auditLog.subjectId, patient.id)));
    expect(audited).toEqual([{ actorId: w.deskId, detail: { from: 'approved', to: 'delivery_scheduled' } }]);
    // The offer is spent: the same window cannot be booked twice.
    expect(await fieldErrorsOf(book(w.desk, offered.slots[1]!.id, booked.order.version))).toEqual({
      code: Codes.validation,
      paths: ['slot_id'],
    });
  });

  it('answers 10404 for a prescription to someone who is not a patient, 10400 for an item no longer offered', async () => {
    await expectCode(prescribe(w.clinician, w.deskId, wheelchairId), Codes.itemsNotFound);
    const retired = await saveCatalogueItem(w.desk, { ...WHEELCHAIR, hcpcs: 'E0260', active: false });
    expect(await fieldErrorsOf(prescribe(w.clinician, w.patientId, retired.id))).toEqual({
      code: Codes.validation,
      paths: ['items.0.catalogue_item_id'],
    });
    await expectCode(prescribe(w.desk, w.patientId, wheelchairId), Codes.forbidden);
    await expectCode(w.patient.get('/admin/orders/', { patient_id: w.patientId }), Codes.forbidden);
  });

  it('answers 10404 to a patient or caregiver naming another patient’s order', async () => {
    const order = await prescribe(w.clinician, w.patientId, wheelchairId);
    const slot = { id: order.id, version: order.version, slot_id: order.id };
    await expectCode(w.other.post('/patient/orders/slot/', slot, { encrypt: true }), Codes.itemsNotFound);
    await expectCode(
      w.other.post(
        '/patient/orders/message/',
        { id: order.id, topic: 'fault', text: 'Hello' },
        { encrypt: true },
      ),
      Codes.itemsNotFound,
    );
    const caregiver = await addCaregiver(w.t, 'Quinn');
    await liveGrant(w.t, w.otherId, caregiver.id, ['view_orders', 'act_on_orders', 'write_messages']);
    const forOther = actingFor(caregiver.client, w.otherId);
    await expectCode(forOther.post('/patient/orders/slot/', slot, { encrypt: true }), Codes.itemsNotFound);
    expect((await forOther.get<{ orders: DeviceOrder[] }>('/patient/orders/')).orders).toEqual([]);
  });

  it('lets a caregiver with view_orders read the orders, but not choose a window', async () => {
    const patient = await readyPatient();
    const order = await move(w.desk, await prescribe(w.clinician, patient.id, wheelchairId), 'approve');
    const offered = await offerSlots(w.desk, order, [window(w.t, 24)]);
    const caregiver = await addCaregiver(w.t, 'Avery');
    await liveGrant(w.t, patient.id, caregiver.id, ['view_orders']);
    const daughter = actingFor(caregiver.client, patient.id);
    const seen = await daughter.get<{ orders: DeviceOrder[] }>('/patient/orders/');
    expect(seen.orders.map((o) => o.id)).toEqual([order.id]);
    await expectCode(
      daughter.post(
        '/patient/orders/slot/',
        { id: order.id, version: offered.version, slot_id: offered.slots[0]!.id },
        { encrypt: true },
      ),
      Codes.forbidden,
    );

    await liveGrant(w.t, patient.id, caregiver.id, ['view_orders', 'act_on_orders']);
    const chosen = await daughter.post<{ order: DeviceOrder }>(
      '/patient/orders/slot/',
      { id: order.id, version: offered.version, slot_id: offered.slots[0]!.id },
      { encrypt: true },
    );
    // The caregiver's act is theirs, by name, on the patient's timeline.
    expect(chosen.order.events.at(-1)).toMatchObject({ actor: 'patient', actor_name: 'Avery Carer' });
  });

  it('writes to the clinic about an order in the patient’s conversation, which the order then names', async () => {
    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    const first = await patient.client.post<{ thread_id: string }>(
      '/patient/orders/message/',
      { id: order.id, topic: 'fault', text: 'The left brake slips.' },
      { encrypt: true },
    );
    const again = await patient.client.post<{ thread_id: string }>(
      '/patient/orders/message/',
      { id: order.id, topic: 'supplies', text: 'And a cushion, please.' },
      { encrypt: true },
    );
    expect(again.thread_id).toBe(first.thread_id);
    const [after] = await ordersOf(w.desk, patient.id);
    expect(after!.thread_id).toBe(first.thread_id);
    const audited = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.message'), eq(auditLog.subjectId, patient.id)));
    expect(audited).toHaveLength(2);
  });

  it('audits every read of a patient’s orders and every move, with the patient as subject', async () => {
    const patient = await readyPatient();
    const order = await prescribe(w.clinician, patient.id, wheelchairId);
    await move(w.desk, order, 'approve');
    await ordersOf(w.clinician, patient.id);
    await myEquipment(patient.client);
    const rows = await w.t.portal.ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.subjectId, patient.id));
    const actions = rows.map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['order.create', 'order.submit', 'order.approve', 'order.list']),
    );
    expect(
      rows
        .filter((row) => row.action === 'order.list')
        .map((row) => row.actorId)
        .sort(),
    ).toEqual([w.clinicianId, patient.id].sort());
  });
});
