import {
  myEquipment,
  orderMessageResult,
  orderResult,
  proofOfDeliveryFile,
  resupplyAnswerResult,
  type ChooseSlotRequest,
  type DeviceOrder,
  type MyEquipment,
  type OrderMessageRequest,
  type ProofOfDeliveryRequest,
  type ResupplyAnswerRequest,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';

// Decision 0035: the patient's orders under /patient/orders/. Every answer is sealed and checked
// with the protocol's schema; every write is a sealed body, as the documents' signing is.

/** The open record's equipment, or that of the patient named (a caregiver's home, decision 0032). */
export async function fetchMyEquipment(patientId?: string): Promise<MyEquipment> {
  return myEquipment.parse(
    await apiRequest({ method: 'GET', path: '/patient/orders/', actingFor: patientId }),
  );
}

const post = (path: string, body: object) =>
  apiRequest({ method: 'POST', path, body: { ...body }, encryptBody: true });

export async function chooseSlot(body: ChooseSlotRequest): Promise<DeviceOrder> {
  return orderResult.parse(await post('/patient/orders/slot/', body)).order;
}

export async function sendOrderMessage(body: OrderMessageRequest): Promise<string> {
  return orderMessageResult.parse(await post('/patient/orders/message/', body)).thread_id;
}

export async function answerResupply(body: ResupplyAnswerRequest): Promise<DeviceOrder | null> {
  return resupplyAnswerResult.parse(await post('/patient/orders/resupply/', body)).new_order;
}

export async function signProofOfDelivery(body: ProofOfDeliveryRequest): Promise<DeviceOrder> {
  return orderResult.parse(await post('/patient/orders/deliver/', body)).order;
}

export async function fetchProofOfDelivery(orderId: string) {
  return proofOfDeliveryFile.parse(
    await apiRequest({ method: 'GET', path: '/patient/orders/proof/', query: { id: orderId } }),
  );
}
