import { InsuranceType, SubscriberRelationship, type Coverage } from '@portal/protocol';
import type { FieldTable } from './field-spec.ts';

export const coverageFields: FieldTable<Coverage> = {
  scope: 'coverage',
  fields: {
    insurance_type: { kind: 'select', options: { name: 'insuranceType', values: InsuranceType.options } },
    payer_name: { kind: 'text', hint: 'hints.payer' },
    plan_name: { kind: 'text', optional: true },
    member_id: { kind: 'text', half: true },
    group_number: { kind: 'text', optional: true, half: true },
    subscriber_name: { kind: 'text', half: true, hint: 'hints.subscriber' },
    subscriber_relationship: {
      kind: 'select',
      half: true,
      options: { name: 'subscriberRelationship', values: SubscriberRelationship.options },
    },
    effective_from: { kind: 'date', optional: true, half: true },
    effective_to: { kind: 'date', optional: true, half: true, customError: 'errors.endBeforeStart' },
    primary: { kind: 'checkbox', hint: 'hints.primary' },
  },
};
