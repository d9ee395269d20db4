import type { DeviceOrder, OrderItem, ResupplyPrompt } from '@portal/protocol';

/** A folding walker with wheels, as an order lists it. */
export function walkerItem(change: Partial<OrderItem> = {}): OrderItem {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    catalogue_item_id: '00000000-0000-4000-8000-0000000000c1',
    hcpcs: 'E0143',
    name: { gb: 'Folding walker with wheels', cn: '带轮折叠助行器' },
    category: 'mobility',
    supply: 'purchase',
    quantity: 1,
    serial_number: null,
    manual_template_id: null,
    prepare: { gb: 'Clear a path to the front door.', cn: '请清理通往前门的通道。' },
    ...change,
  };
}

/** An order on hold for a BF-ADL, as "My equipment" answers it. */
export function deviceOrder(change: Partial<DeviceOrder> = {}): DeviceOrder {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    patient_id: '00000000-0000-4000-8000-0000000000e1',
    status: 'on_hold',
    version: 3,
    items: [walkerItem()],
    holds: [
      {
        id: '00000000-0000-4000-8000-0000000000f1',
        reason: 'assessment_needed',
        opened_at: '2026-11-20T09:00:00.000Z',
        step: 'answer_bf_adl',
        assignment_id: null,
      },
    ],
    slots: [],
    delivery: null,
    prescribed_by: 'Dr Lee',
    created_at: '2026-11-20T09:00:00.000Z',
    approved_at: null,
    delivered_at: null,
    rental: null,
    maintenance_due_at: null,
    overdue: false,
    has_proof: false,
    resupply_of: null,
    thread_id: null,
    actions: [],
    events: [
      {
        at: '2026-11-20T09:00:00.000Z',
        action: 'create',
        actor: 'prescriber',
        actor_name: 'Dr Lee',
        from_status: null,
        to_status: 'draft',
        hold_reason: null,
        note: null,
      },
      {
        at: '2026-11-20T09:00:01.000Z',
        action: 'hold',
        actor: 'system',
        actor_name: null,
        from_status: 'submitted',
        to_status: 'on_hold',
        hold_reason: 'assessment_needed',
        note: null,
      },
    ],
    ...change,
  };
}

/** The same order approved, with two delivery windows offered. */
export function orderWithSlots(): DeviceOrder {
  return deviceOrder({
    status: 'approved',
    holds: [],
    actions: ['schedule'],
    slots: [
      {
        id: '00000000-0000-4000-8000-000000000051',
        starts_at: '2026-12-02T09:00:00.000Z',
        ends_at: '2026-12-02T12:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-000000000052',
        starts_at: '2026-12-03T13:00:00.000Z',
        ends_at: '2026-12-03T17:00:00.000Z',
      },
    ],
  });
}

/** CPAP cushions due again. */
export function resupplyPrompt(): ResupplyPrompt {
  return {
    id: '00000000-0000-4000-8000-000000000071',
    order_id: '00000000-0000-4000-8000-0000000000b2',
    eligible_at: '2026-11-28T00:00:00.000Z',
    items: [
      walkerItem({
        id: '00000000-0000-4000-8000-0000000000a2',
        hcpcs: 'A7031',
        name: { gb: 'Full face mask cushion', cn: '全脸面罩垫' },
        category: 'supplies',
        quantity: 2,
        prepare: { gb: '', cn: '' },
      }),
    ],
  };
}
