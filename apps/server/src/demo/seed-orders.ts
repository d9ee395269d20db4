import { and, eq, isNull } from 'drizzle-orm';
import type { HoldReason } from '@portal/protocol';
import type { AppContext } from '../context.ts';
import type { Transaction } from '../db/database.ts';
import {
  catalogueItems,
  deviceOrderHolds,
  deviceOrderItems,
  deviceOrders,
  deviceOrderSlots,
  resupplyPrompts,
} from '../db/schema/index.ts';
import {
  clearHold,
  createOrder,
  moveOrder,
  recordDelivery,
  recordOrderEvent,
  type OrderMove,
  type OrderState,
} from '../modules/orders/index.ts';

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

type CatalogueRow = typeof catalogueItems.$inferInsert;

const BIG_ITEM_PREPARE = {
  prepareGb:
    'Clear a path to the bedroom door, at least 90 cm wide, and move rugs and cables out of the way. Someone who will use it should be at home for the fitting.',
  prepareCn: '请清出一条通往卧室门口的通道，宽度至少 90 厘米，并移开地毯和电线。安装时请使用者本人在家。',
};

/**
 * The demo catalogue: the common items and CPAP supplies of device-orders.md, with Medicare's
 * capped-rental months and resupply intervals.
 */
const CATALOGUE: readonly CatalogueRow[] = [
  {
    hcpcs: 'E0143',
    category: 'mobility',
    nameGb: 'Folding walker with wheels',
    nameCn: '带轮折叠助行器',
    supply: 'purchase',
  },
  {
    hcpcs: 'K0001',
    category: 'mobility',
    nameGb: 'Standard wheelchair',
    nameCn: '标准轮椅',
    ...BIG_ITEM_PREPARE,
    supply: 'rental',
    rentalMonths: 13,
    maintenanceMonths: 12,
    requiresPrescription: true,
    // Mobility items need a recent assessment of what the patient can do.
    bfAdlWithinDays: 90,
  },
  {
    hcpcs: 'E2601',
    category: 'mobility',
    nameGb: 'General use wheelchair seat cushion',
    nameCn: '普通轮椅坐垫',
    supply: 'purchase',
    resupplyDays: 180,
  },
  {
    hcpcs: 'E0260',
    category: 'bedroom',
    nameGb: 'Semi-electric hospital bed',
    nameCn: '半电动护理床',
    ...BIG_ITEM_PREPARE,
    supply: 'rental',
    rentalMonths: 13,
    maintenanceMonths: 12,
  },
  {
    hcpcs: 'E1390',
    category: 'respiratory',
    nameGb: 'Oxygen concentrator',
    nameCn: '制氧机',
    prepareGb:
      'Keep a space free near a wall socket, away from curtains, heaters and open flames. No one may smoke in the room.',
    prepareCn: '请在墙壁插座附近留出空位，远离窗帘、取暖器和明火。房间内任何人不得吸烟。',
    supply: 'rental',
    rentalMonths: 36,
    maintenanceMonths: 3,
  },
  {
    hcpcs: 'E0163',
    category: 'bathroom',
    nameGb: 'Commode chair',
    nameCn: '坐便椅',
    supply: 'purchase',
  },
  {
    hcpcs: 'E0601',
    category: 'respiratory',
    nameGb: 'CPAP device',
    nameCn: 'CPAP 持续正压呼吸机',
    prepareGb: 'Keep a space free on the bedside table, near a wall socket.',
    prepareCn: '请在床头柜上靠近墙壁插座处留出空位。',
    supply: 'purchase',
    resupplyDays: 1825,
    maintenanceMonths: 12,
  },
  ...(
    [
      ['A7030', 'Full face mask', '全脸面罩', 90],
      ['A7031', 'Full face mask cushion', '全脸面罩软垫', 30],
      ['A7034', 'Nasal mask', '鼻罩', 90],
      ['A7032', 'Nasal mask cushion', '鼻罩软垫', 15],
      ['A7037', 'CPAP tubing', 'CPAP 呼吸管路', 90],
      ['A7038', 'Disposable filter', '一次性过滤棉', 15],
      ['A7039', 'Non-disposable filter', '可重复使用过滤棉', 180],
      ['A7035', 'Headgear', '头带', 180],
      ['A7046', 'Humidifier water chamber', '加湿器水箱', 180],
    ] as const
  ).map(([hcpcs, nameGb, nameCn, resupplyDays]): CatalogueRow => ({
    hcpcs,
    category: 'supplies',
    nameGb,
    nameCn,
    supply: 'purchase',
    resupplyDays,
  })),
];

/** What the desk wrote when it cleared each hold the demo orders met. */
const HOLD_CLEARED: Record<HoldReason, string> = {
  prescription_needed: 'Prescription received from the clinician.',
  prior_authorisation_pending: 'Prior authorisation approved.',
  insurance_issue: 'Insurance confirmed by phone with the patient.',
  assessment_needed: 'BF-ADL reviewed at the clinic visit.',
  signature_needed: 'Form signed at the clinic.',
  patient_unreachable: 'Reached the patient by phone.',
};

interface DemoStaff {
  clinicianId: string;
  frontDeskId: string;
}

interface DeliveredOrder {
  lines: readonly { hcpcs: string; quantity: number; serialNumber?: string }[];
  deliveredAt: Date;
  note: string;
}

/** The same context with its clock at `when`, so the order's history reads as it happened. */
const at = (ctx: AppContext, when: Date): AppContext => ({ ...ctx, now: () => when });

/**
 * One order walked from the clinician's prescription to its delivery by the orders module's own
 * use cases, each on its day: prescribed three weeks before delivery, its holds (the demo patient
 * has no insurance on file) cleared by the desk, approved, a window offered and chosen by the
 * patient, dispatched that morning and confirmed by the carrier.
 */
async function seedDeliveredOrder(
  ctx: AppContext,
  tx: Transaction,
  patientId: string,
  staff: DemoStaff,
  catalogue: ReadonlyMap<string, string>,
  order: DeliveredOrder,
): Promise<string> {
  const delivered = order.deliveredAt.getTime();
  const prescribedAt = new Date(delivered - 21 * DAY_MS);
  const orderId = await createOrder(at(ctx, prescribedAt), tx, {
    patientId,
    items: order.lines.map((line) => ({
      catalogueItemId: catalogue.get(line.hcpcs)!,
      quantity: line.quantity,
    })),
    note: '',
    submit: true,
    prescribedBy: staff.clinicianId,
    prescribedAt,
    createdBy: staff.clinicianId,
    resupplyOf: null,
    actor: 'prescriber',
    meta: null,
  });
  const [row] = await tx.select().from(deviceOrders).where(eq(deviceOrders.id, orderId));
  let state: OrderState = { id: orderId, patientId, status: row!.status, version: row!.version };
  const desk = { actor: 'orders_desk' as const, actorId: staff.frontDeskId, meta: null };
  const holds = await tx
    .select({ reason: deviceOrderHolds.reason })
    .from(deviceOrderHolds)
    .where(and(eq(deviceOrderHolds.orderId, orderId), isNull(deviceOrderHolds.clearedAt)));
  for (const [i, { reason }] of holds.entries()) {
    const clearedAt = new Date(prescribedAt.getTime() + 2 * DAY_MS + i * HOUR_MS);
    state = await clearHold(at(ctx, clearedAt), tx, state, reason, { ...desk, note: HOLD_CLEARED[reason] });
  }
  const move = async (when: Date, step: Omit<OrderMove, 'order' | 'meta'>) => {
    const status = await moveOrder(at(ctx, when), tx, { ...step, order: state, meta: null });
    state = { ...state, status, version: state.version + 1 };
  };
  const approvedAt = new Date(delivered - 18 * DAY_MS);
  await move(approvedAt, {
    action: 'approve',
    actor: 'orders_desk',
    actorId: staff.frontDeskId,
    set: { approvedAt },
  });
  const offeredAt = new Date(approvedAt.getTime() + HOUR_MS);
  const window = { startsAt: new Date(delivered - 2 * HOUR_MS), endsAt: new Date(delivered + 2 * HOUR_MS) };
  const chosenAt = new Date(delivered - 16 * DAY_MS);
  // Choosing a window withdraws the offer, as choose-delivery-slot.ts does.
  await tx.insert(deviceOrderSlots).values({
    orderId,
    ...window,
    offeredBy: staff.frontDeskId,
    offeredAt,
    withdrawnAt: chosenAt,
  });
  await recordOrderEvent(at(ctx, offeredAt), tx, {
    order: state,
    action: 'offer_slots',
    actor: 'orders_desk',
    actorId: staff.frontDeskId,
    meta: null,
  });
  await move(chosenAt, {
    action: 'schedule',
    actor: 'patient',
    actorId: patientId,
    set: { deliveryStartsAt: window.startsAt, deliveryEndsAt: window.endsAt },
  });
  const dispatchedAt = new Date(window.startsAt.getTime() - HOUR_MS);
  await move(dispatchedAt, {
    action: 'dispatch',
    actor: 'orders_desk',
    actorId: staff.frontDeskId,
    set: { dispatchedAt },
  });
  const items = await tx
    .select({ id: deviceOrderItems.id, hcpcs: catalogueItems.hcpcs })
    .from(deviceOrderItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, deviceOrderItems.catalogueItemId))
    .where(eq(deviceOrderItems.orderId, orderId));
  await recordDelivery(at(ctx, order.deliveredAt), tx, {
    order: state,
    actor: 'orders_desk',
    actorId: staff.frontDeskId,
    meta: null,
    note: order.note,
    serials: order.lines.flatMap((line) =>
      line.serialNumber
        ? [{ itemId: items.find((item) => item.hcpcs === line.hcpcs)!.id, serialNumber: line.serialNumber }]
        : [],
    ),
  });
  return orderId;
}

/**
 * The device-orders demo: the clinic's catalogue, and the demo patient's three orders — a walker
 * delivered five weeks ago, a wheelchair in its third rental month, and a CPAP with supplies due,
 * the reminder sent and not yet answered. The catalogue, the offered windows and the prompt are
 * inserted here: their use cases open their own transaction as a signed-in actor, or refuse a
 * window in the past.
 */
export async function seedDemoOrders(
  ctx: AppContext,
  tx: Transaction,
  patientId: string,
  staff: DemoStaff,
): Promise<void> {
  const now = ctx.now();
  const rows = await tx
    .insert(catalogueItems)
    .values(CATALOGUE.map((item) => ({ ...item, createdAt: now, updatedAt: now })))
    .returning({
      id: catalogueItems.id,
      hcpcs: catalogueItems.hcpcs,
      resupplyDays: catalogueItems.resupplyDays,
    });
  const catalogue = new Map(rows.map((row) => [row.hcpcs, row.id]));
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const carrier = 'Carrier delivery confirmation';

  await seedDeliveredOrder(ctx, tx, patientId, staff, catalogue, {
    lines: [{ hcpcs: 'E0143', quantity: 1, serialNumber: 'WLK-2611-04817' }],
    deliveredAt: daysAgo(36),
    note: carrier,
  });
  await seedDeliveredOrder(ctx, tx, patientId, staff, catalogue, {
    lines: [{ hcpcs: 'K0001', quantity: 1, serialNumber: 'WCH-2609-11230' }],
    deliveredAt: daysAgo(70),
    note: carrier,
  });
  const cpap = [
    { hcpcs: 'E0601', quantity: 1, serialNumber: 'CPAP-2608-55102' },
    { hcpcs: 'A7030', quantity: 1 },
    { hcpcs: 'A7031', quantity: 1 },
    { hcpcs: 'A7038', quantity: 2 },
  ];
  const deliveredAt = daysAgo(95);
  const cpapOrder = await seedDeliveredOrder(ctx, tx, patientId, staff, catalogue, {
    lines: cpap,
    deliveredAt,
    note: carrier,
  });
  // Decision 0035: eligible at the last delivery plus the shortest interval among its items.
  const interval = Math.min(
    ...cpap.map((line) => rows.find((row) => row.hcpcs === line.hcpcs)!.resupplyDays ?? Infinity),
  );
  const eligibleAt = new Date(deliveredAt.getTime() + interval * DAY_MS);
  await tx
    .insert(resupplyPrompts)
    .values({ patientId, orderId: cpapOrder, eligibleAt, remindedAt: eligibleAt });
}
