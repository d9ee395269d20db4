import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { addressSchema, resourceState } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useEquipmentScope } from './use-equipment.ts';

// Apart from the orders' own calls: the intake's address schema brings the phone-number library,
// which the welcome page's equipment tasks must not load.

const contactAddress = z.object({ address: addressSchema });

/** The address on the patient's intake, one line, to prefill where the items were delivered. */
async function fetchDeliveryAddress(): Promise<string> {
  const state = resourceState.parse(await apiRequest({ method: 'GET', path: '/patient/contact/' }));
  const found = contactAddress.safeParse(state.value);
  if (!found.success) return '';
  const { line1, line2, city, region, postal_code } = found.data.address;
  return [line1, line2, city, region, postal_code].filter(Boolean).join(', ');
}

/** The intake's address, to prefill a delivery; empty when there is none or it may not be read. */
export function useDeliveryAddress(enabled: boolean) {
  return useQuery({
    queryKey: [...useEquipmentScope(), 'address'],
    queryFn: fetchDeliveryAddress,
    enabled,
    retry: false,
    gcTime: 0,
  });
}
