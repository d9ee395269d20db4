import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChooseSlotRequest,
  OrderMessageRequest,
  ProofOfDeliveryRequest,
  ResupplyAnswerRequest,
} from '@portal/protocol';
import { useActingForId } from '../../api/caregiver-grants.ts';
import { useSession } from '../../api/use-session.ts';
import {
  answerResupply,
  chooseSlot,
  fetchMyEquipment,
  fetchProofOfDelivery,
  sendOrderMessage,
  signProofOfDelivery,
} from './equipment-api.ts';

// Keys start with the signed-in account and the record open, so one person's orders never show
// for the next person on the tab, nor one patient's for another; `gcTime: 0` drops them from
// memory once no screen shows them.
const PRIVATE = { gcTime: 0 } as const;

export function useEquipmentScope(patientId?: string): readonly ['equipment', string, string] {
  const open = useActingForId();
  return ['equipment', useSession()?.user.username ?? '', patientId ?? open ?? ''];
}

/**
 * "My equipment": orders, the tasks they give the patient and the resupplies due; of the open
 * record, or of the patient named (a caregiver's home lists each helped patient's tasks). Read
 * again when the tab regains focus: the patient may have cleared a hold in another tab (a card
 * added, the BF-ADL answered), and the server has then cleared the task.
 */
export function useMyEquipment(patientId?: string) {
  return useQuery({
    queryKey: [...useEquipmentScope(patientId), 'mine'],
    queryFn: () => fetchMyEquipment(patientId),
    refetchOnWindowFocus: 'always',
    ...PRIVATE,
  });
}

/** After any write every order read is stale: statuses, tasks and the timeline moved. */
function useOrderWrite<Body, Answer>(write: (body: Body) => Promise<Answer>) {
  const scope = useEquipmentScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: scope }),
  });
}

export const useChooseSlot = () => useOrderWrite((body: ChooseSlotRequest) => chooseSlot(body));
export const useSendOrderMessage = () => useOrderWrite((body: OrderMessageRequest) => sendOrderMessage(body));
export const useAnswerResupply = () => useOrderWrite((body: ResupplyAnswerRequest) => answerResupply(body));
export const useSignProofOfDelivery = () =>
  useOrderWrite((body: ProofOfDeliveryRequest) => signProofOfDelivery(body));

export function useProofDownload() {
  return useMutation({ mutationFn: fetchProofOfDelivery });
}
