import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  catalogue,
  orderResult,
  patientOrders,
  proofOfDeliveryFile,
  templateLibrary,
  type CreateOrderRequest,
  type MoveOrderRequest,
  type ChooseSlotRequest,
  type OfferSlotsRequest,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';
import { downloadPdf } from '../../ui/download-pdf.ts';

// Device orders (decision 0035): the clinic's catalogue and a patient's orders. Staff calls live
// under /admin/; every answer is sealed, every staff write travels sealed.

/** Keys start with the signed-in account, so one staff member's view never shows for the next. */
function useOrdersKey() {
  return ['orders', useSession()?.user.username ?? ''] as const;
}

export function useCatalogue(enabled = true) {
  return useQuery({
    queryKey: [...useOrdersKey(), 'catalogue'],
    queryFn: async () =>
      catalogue.parse(await apiRequest({ method: 'GET', path: '/admin/catalogue/' })).items,
    enabled,
  });
}

/** Adds an item (no `id`) or changes one read at `version`; the list is read again either way. */
export function useSaveCatalogueItem() {
  const client = useQueryClient();
  const key = [...useOrdersKey(), 'catalogue'];
  return useMutation({
    // Parsed by the form against catalogueItemRequest already; the server parses it again.
    mutationFn: (item: Record<string, unknown>) =>
      apiRequest({ method: 'POST', path: '/admin/catalogue/', body: item, encryptBody: true }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** The library's published documents, for a catalogue item's form and manual (manage_documents). */
export function usePublishedTemplates(enabled: boolean) {
  return useQuery({
    queryKey: [...useOrdersKey(), 'published-templates'],
    queryFn: async () =>
      templateLibrary.parse(
        await apiRequest({
          method: 'GET',
          path: '/admin/documents/library/',
          query: { status: 'published' },
        }),
      ).items,
    enabled,
  });
}

function usePatientOrdersKey(patientId: string) {
  return [...useOrdersKey(), 'patient', patientId] as const;
}

/** A patient's orders, newest first; like the chart, kept in memory only while shown. */
export function usePatientOrders(patientId: string) {
  return useQuery({
    queryKey: usePatientOrdersKey(patientId),
    queryFn: async () =>
      patientOrders.parse(
        await apiRequest({ method: 'GET', path: '/admin/orders/', query: { patient_id: patientId } }),
      ).items,
    gcTime: 0,
  });
}

/** A write on one of the patient's orders; their list is read again after it, refused or not. */
function useOrderWrite<Body extends Record<string, unknown>>(patientId: string, path: string) {
  const client = useQueryClient();
  const key = usePatientOrdersKey(patientId);
  return useMutation({
    mutationFn: async (body: Body) =>
      orderResult.parse(await apiRequest({ method: 'POST', path, body, encryptBody: true })).order,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateOrder = (patientId: string) =>
  useOrderWrite<CreateOrderRequest>(patientId, '/admin/orders/');
export const useMoveOrder = (patientId: string) =>
  useOrderWrite<MoveOrderRequest>(patientId, '/admin/orders/move/');
export const useOfferSlots = (patientId: string) =>
  useOrderWrite<OfferSlotsRequest>(patientId, '/admin/orders/slots/');
export const useBookSlot = (patientId: string) =>
  useOrderWrite<ChooseSlotRequest>(patientId, '/admin/orders/slot/');

/** The signed proof of delivery, saved from memory. */
export async function downloadOrderProof(orderId: string): Promise<void> {
  const proof = proofOfDeliveryFile.parse(
    await apiRequest({ method: 'GET', path: '/admin/orders/proof/', query: { id: orderId } }),
  );
  downloadPdf(proof.pdf_base64, proof.file_name);
}
