// The orders module's public entry: what the jobs, the worklist, the exports and the demo seed use.
export { clearSatisfiedHolds, runOrderJobs } from './clear-satisfied-holds.ts';
export { createOrder, type NewOrder } from './create-order.ts';
export { moveOrder, orderNoteContext, recordOrderEvent, type OrderMove } from './move-order.ts';
export { clearHold, openHold, type OrderState } from './order-holds.ts';
export {
  itemRows,
  orderView,
  orderViews,
  patientOrderRow,
  patientOrderRows,
  type OrderReader,
} from './order-view.ts';
export { addOrderResources } from './orders-to-fhir.ts';
export { recordDelivery } from './record-delivery.ts';
export { remindResupplies } from './resupply-job.ts';
export { catalogueColumns } from './save-catalogue-item.ts';
