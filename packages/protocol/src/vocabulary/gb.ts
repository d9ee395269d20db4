/**
 * Every enumerated word in English (spec §4's document statuses verbatim), one module per list: a
 * page loads the lists its screens show, not the whole vocabulary.
 */
export { auditAction } from './gb/audit-action.ts';
export { caregiverScope } from './gb/caregiver-scope.ts';
export { documentEvent } from './gb/document-event.ts';
export { documentStatus } from './gb/document-status.ts';
export {
  catalogueCategory,
  holdReason,
  holdReasonStaff,
  orderEvent,
  orderStatus,
  designeeRelationship,
} from './gb/orders.ts';
export { chartSection, intakeSection } from './gb/sections.ts';
export { staffPermission } from './gb/staff-permission.ts';
export { webhookEvent } from './gb/webhook-event.ts';
