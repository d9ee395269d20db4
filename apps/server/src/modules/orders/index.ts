// The orders module's public entry: what the jobs, the worklist, the exports and the demo seed use.
export { runOrderJobs } from './clear-satisfied-holds.ts';
export { createOrder } from './create-order.ts';
export { moveOrder, recordOrderEvent, type OrderMove } from './move-order.ts';
export { clearHold, type OrderState } from './order-holds.ts';
export { addOrderResources } from './orders-to-fhir.ts';
export { recordDelivery } from './record-delivery.ts';
export { remindResupplies } from './resupply-job.ts';
export { catalogueColumns } from './save-catalogue-item.ts';
