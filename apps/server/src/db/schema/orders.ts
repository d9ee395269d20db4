import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  CatalogueCategory,
  HoldReason,
  OrderActor,
  OrderEventAction,
  OrderStatus,
  ResupplyCondition,
  SupplyKind,
} from '@portal/protocol';
import { at, bytea, createdAt } from './columns.ts';
import { users } from './core.ts';
import { documentAssignments, documentFiles, documentTemplates } from './documents.ts';
import { messageThreads } from './messages.ts';

/**
 * Decision 0035: the devices and supplies the clinic provides, and what must be in place before
 * one ships. Not PHI: plain columns.
 */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hcpcs: text('hcpcs').notNull(),
    category: text('category').$type<CatalogueCategory>().notNull(),
    nameGb: text('name_gb').notNull(),
    nameCn: text('name_cn').notNull(),
    /** What the patient should have ready for the delivery, in each language. */
    prepareGb: text('prepare_gb').notNull().default(''),
    prepareCn: text('prepare_cn').notNull().default(''),
    supply: text('supply').$type<SupplyKind>().notNull(),
    rentalMonths: integer('rental_months'),
    resupplyDays: integer('resupply_days'),
    maintenanceMonths: integer('maintenance_months'),
    requiresPrescription: boolean('requires_prescription').notNull().default(true),
    requiresPriorAuthorisation: boolean('requires_prior_authorisation').notNull().default(false),
    /** A BF-ADL answered within this many days before it ships. */
    bfAdlWithinDays: integer('bf_adl_within_days'),
    /** A library form the patient signs before it ships. */
    formTemplateId: uuid('form_template_id').references(() => documentTemplates.id),
    /** The library document that is its manual. */
    manualTemplateId: uuid('manual_template_id').references(() => documentTemplates.id),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('catalogue_items_rental_check', sql`(${t.supply} = 'rental') = (${t.rentalMonths} is not null)`),
  ],
);

/** One order for one patient: a state table row (order-status.ts). */
export const deviceOrders = pgTable(
  'device_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    version: integer('version').notNull().default(1),
    /** The clinician whose order it is (the detailed written order); null on a resupply the patient asked for. */
    prescribedBy: uuid('prescribed_by').references(() => users.id, { onDelete: 'set null' }),
    prescribedAt: at('prescribed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The order this one resupplies. */
    resupplyOf: uuid('resupply_of'),
    /** The form the patient signs before it ships (the catalogue's), once sent. */
    formAssignmentId: uuid('form_assignment_id').references(() => documentAssignments.id),
    /** The conversation about this order ("I need supplies", "report a fault"). */
    threadId: uuid('thread_id').references(() => messageThreads.id, { onDelete: 'set null' }),
    /** Encrypted: a clinician's note can carry PHI. */
    note: bytea('note_enc'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    submittedAt: at('submitted_at'),
    approvedAt: at('approved_at'),
    /** The chosen delivery window. */
    deliveryStartsAt: at('delivery_starts_at'),
    deliveryEndsAt: at('delivery_ends_at'),
    dispatchedAt: at('dispatched_at'),
    deliveredAt: at('delivered_at'),
    rentalStartedAt: at('rental_started_at'),
    /** Set by migration 0022's trigger when the rental starts: the start plus its longest rented item's months, in UTC. */
    rentalEndsAt: at('rental_ends_at'),
    /** Kept by migration 0022's triggers: the oldest open hold's opening, null with none open. */
    heldSince: at('held_since'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('device_orders_patient_idx').on(t.patientId, t.createdAt.desc()),
    index('device_orders_status_idx').on(t.status, t.updatedAt),
    // The worklist's queues walk the time each waits on, then the order's id, which breaks ties in
    // the same direction (queue-sql.ts, orderOf).
    index('device_orders_overdue_idx')
      .on(t.approvedAt, t.id)
      .where(sql`status in ('approved', 'delivery_scheduled') and dispatched_at is null`),
    index('device_orders_delivery_idx')
      .on(t.deliveryStartsAt, t.id)
      .where(sql`status in ('delivery_scheduled', 'out_for_delivery')`),
    index('device_orders_proof_due_idx')
      .on(t.deliveryEndsAt, t.id)
      .where(sql`status = 'out_for_delivery'`),
    index('device_orders_held_idx')
      .on(t.heldSince, t.id)
      .where(sql`status = 'on_hold'`),
    index('device_orders_rental_ends_idx')
      .on(t.rentalEndsAt, t.id)
      .where(sql`status = 'in_rental'`),
  ],
);

export const deviceOrderItems = pgTable(
  'device_order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => deviceOrders.id, { onDelete: 'cascade' }),
    catalogueItemId: uuid('catalogue_item_id')
      .notNull()
      .references(() => catalogueItems.id),
    quantity: integer('quantity').notNull(),
    serialNumber: text('serial_number'),
  },
  (t) => [
    index('device_order_items_order_idx').on(t.orderId),
    index('device_order_items_catalogue_idx').on(t.catalogueItemId),
    check('device_order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Why an order waits; open while `cleared_at` is null. */
export const deviceOrderHolds = pgTable(
  'device_order_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => deviceOrders.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<HoldReason>().notNull(),
    openedAt: at('opened_at').notNull(),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    clearedAt: at('cleared_at'),
    clearedBy: uuid('cleared_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('device_order_holds_open_idx')
      .on(t.reason, t.openedAt)
      .where(sql`cleared_at is null`),
    index('device_order_holds_order_idx').on(t.orderId),
  ],
);

/** Delivery windows the desk offers; the patient chooses one. */
export const deviceOrderSlots = pgTable(
  'device_order_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => deviceOrders.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    offeredBy: uuid('offered_by').references(() => users.id, { onDelete: 'set null' }),
    offeredAt: at('offered_at').notNull(),
    /** Set when a newer offer replaces it. */
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [index('device_order_slots_order_idx').on(t.orderId)],
);

/**
 * Every move, hold and offer, with who and why: an order's history. Kept as long as the order
 * (seven years from the date of service for a delivered one, device-orders.md).
 */
export const deviceOrderEvents = pgTable(
  'device_order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => deviceOrders.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    actor: text('actor').$type<OrderActor>().notNull(),
    /** The staff member, patient or acting caregiver; null for the server's own moves. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    grantId: uuid('grant_id'),
    action: text('action').$type<OrderEventAction>().notNull(),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>(),
    holdReason: text('hold_reason').$type<HoldReason>(),
    /** Encrypted: why, in the actor's words. */
    note: bytea('note_enc'),
  },
  (t) => [index('device_order_events_order_idx').on(t.orderId, t.at)],
);

/** The signed proof of delivery (device-orders.md), kept seven years from the date of service. */
export const deviceDeliveries = pgTable('device_deliveries', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => deviceOrders.id, { onDelete: 'cascade' }),
  /** The signed PDF (PAdES), encrypted like every stored PDF. */
  signedFileId: uuid('signed_file_id')
    .notNull()
    .references(() => documentFiles.id),
  /** Encrypted: the signer's printed name, relationship and the address, as signed. */
  details: bytea('details_enc').notNull(),
  signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
  grantId: uuid('grant_id'),
  signedAt: at('signed_at').notNull(),
});

/** A resupply the patient is reminded of: one per delivered order whose items come round again. */
export const resupplyPrompts = pgTable(
  'resupply_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered order whose items are due again. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => deviceOrders.id, { onDelete: 'cascade' }),
    eligibleAt: at('eligible_at').notNull(),
    remindedAt: at('reminded_at'),
    answeredAt: at('answered_at'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    stillInUse: boolean('still_in_use'),
    condition: text('condition').$type<ResupplyCondition>(),
    /** The order the confirmed answer created. */
    newOrderId: uuid('new_order_id').references(() => deviceOrders.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('resupply_prompts_open_idx')
      .on(t.patientId)
      .where(sql`answered_at is null`),
    // The worklist's "resupplies due": unanswered prompts past their date.
    index('resupply_prompts_due_idx')
      .on(t.eligibleAt, t.id)
      .where(sql`answered_at is null`),
    // One prompt per delivered order: the job that writes them can run twice.
    uniqueIndex('resupply_prompts_order_key').on(t.orderId),
  ],
);
