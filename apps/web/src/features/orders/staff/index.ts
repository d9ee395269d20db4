// The staff side of device orders: the patient page's "Equipment orders" section.
export { PatientOrders } from './PatientOrders.tsx';
