import { z } from 'zod';
import { createOrderRequest } from '@portal/protocol';

/** The order as its form holds it: a quantity typed beside each catalogue item, blank for none. */
export interface OrderFormInput {
  patient_id: string;
  quantities: Record<string, string>;
  note: string;
  submit: boolean;
}

/** The items given a quantity, as createOrderRequest lists them; the protocol checks the rest. */
function wireOrder({ quantities, ...order }: OrderFormInput) {
  return {
    ...order,
    items: Object.entries(quantities)
      .filter(([, quantity]) => quantity.trim() !== '' && quantity.trim() !== '0')
      .map(([catalogue_item_id, quantity]) => ({ catalogue_item_id, quantity: Number(quantity) })),
  };
}

export const orderForm = z.preprocess(
  (input) => wireOrder(input as OrderFormInput),
  createOrderRequest,
) as unknown as z.ZodType<z.output<typeof createOrderRequest>, OrderFormInput>;
