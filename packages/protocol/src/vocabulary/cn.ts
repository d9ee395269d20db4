/** Every enumerated word in Chinese, one module per list (see gb.ts). */
export { auditAction } from './cn/audit-action.ts';
export { caregiverScope } from './cn/caregiver-scope.ts';
export { documentEvent } from './cn/document-event.ts';
export { documentStatus } from './cn/document-status.ts';
export {
  catalogueCategory,
  holdReason,
  holdReasonStaff,
  orderEvent,
  orderStatus,
  designeeRelationship,
} from './cn/orders.ts';
export { chartSection, intakeSection } from './cn/sections.ts';
export { staffPermission } from './cn/staff-permission.ts';
export { webhookEvent } from './cn/webhook-event.ts';
