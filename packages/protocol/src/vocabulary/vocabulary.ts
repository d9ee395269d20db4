import type { Auth } from '../schemas/admin-users.ts';
import type { AuditAction } from '../schemas/audit-vocabulary.ts';
import type { CaregiverScope } from '../schemas/caregiver-terms.ts';
import type { ChartSection } from '../schemas/clinic-chart.ts';
import type { DocumentEventAction, DocumentStatus } from '../schemas/document-status.ts';
import type { CatalogueCategory, DesigneeRelationship } from '../schemas/device-orders.ts';
import type { HoldReason, OrderEventAction, OrderStatus } from '../schemas/order-status.ts';
import type { IntakeSection } from '../schemas/intake-status.ts';
import type { WebhookEventType } from '../schemas/webhooks.ts';

// Types only: a language's table is read by the web app's first screens, which must not load zod.

type Words<Value extends string> = Readonly<Record<Value, string>>;

/**
 * The words of every enumerated list, in one language, keyed by the protocol's values: the web
 * app's screens, the printed summary and the exports all read them, so a list's value has the
 * same word wherever it shows, and a value without a word fails the type check.
 */
export interface Vocabulary {
  documentStatus: {
    /** Spec §4, as the patient reads them ("your" signature). */
    patient: Words<DocumentStatus>;
    /** For a caregiver acting for the patient: the signature awaited is not theirs. */
    acting: Words<DocumentStatus>;
    /** For the clinic's staff: the chart and the printed summary. */
    staff: Words<DocumentStatus>;
  };
  /** A document's history as the chart lists it. */
  documentEvent: Words<DocumentEventAction>;
  /** A device order's status, as patient and staff alike read it. */
  orderStatus: Words<OrderStatus>;
  /** Why an order waits, as the patient reads it ("your" signature). */
  holdReason: Words<HoldReason>;
  /** The same for the clinic's staff: the worklist and the chart. */
  holdReasonStaff: Words<HoldReason>;
  /** An order's history: each move and event. */
  orderEvent: Words<OrderEventAction>;
  catalogueCategory: Words<CatalogueCategory>;
  designeeRelationship: Words<DesigneeRelationship>;
  auditAction: Words<AuditAction>;
  intakeSection: Words<IntakeSection>;
  chartSection: Words<ChartSection>;
  caregiverScope: Words<CaregiverScope>;
  /** An administrator's `auths`: the sidebar and each staff permission. */
  staffPermission: Words<Auth>;
  /** The events a webhook endpoint subscribes to (decision 0038). */
  webhookEvent: Words<WebhookEventType>;
}
