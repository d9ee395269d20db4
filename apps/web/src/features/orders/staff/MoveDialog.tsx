import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HoldReason, type DeviceOrder, type MoveOrderRequest, type OrderAction } from '@portal/protocol';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/form/Form.tsx';
import { FormSubmitAlert } from '../../../ui/form/FormSubmitAlert.tsx';
import { FormSelectField } from '../../../ui/form/FormSelectField.tsx';
import { FormTextArea } from '../../../ui/form/FormTextArea.tsx';
import { FormTextField } from '../../../ui/form/FormTextField.tsx';
import { submitToServer } from '../../../ui/form/submit-to-server.ts';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';
import { ordersErrorKey } from '../orders-error.ts';
import { moveForm, moveFormOf } from './move-form.ts';
import { useItemName } from './use-item-name.ts';

export interface PendingMove {
  order: DeviceOrder;
  action: OrderAction;
  /** On `release`: the hold to clear. */
  reason?: HoldReason;
}

interface MoveDialogProps {
  move: PendingMove;
  send: (move: MoveOrderRequest) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}

/** One move of an order's state table, with its note and what the move asks for. */
export function MoveDialog({ move, send, onDone, onCancel }: MoveDialogProps) {
  const { t } = useTranslation('orders-staff');
  const itemName = useItemName();
  const { order, action, reason } = move;
  const [schema] = useState(() => moveForm(action));
  const form = useZodForm(schema, { defaultValues: moveFormOf(order, action, reason) });
  const submit = submitToServer(form, {
    send,
    refusalOf: (failure) => ({ form: ordersErrorKey(failure) }),
    onSent: onDone,
  });
  const title = reason
    ? t('moves.release.title', { reason: t(`holdReason.${reason}`) })
    : t(`moves.${action}.title`);
  return (
    <Dialog title={title} onClose={onCancel}>
      <Form form={form} ns="orders-staff" className="order-move-form" onValid={submit}>
        <FormSubmitAlert />
        {action === 'hold' && (
          <FormSelectField
            name="reason"
            label={t('moves.hold.reason')}
            options={[
              { value: '', label: t('moves.hold.choose') },
              ...HoldReason.options.map((value) => ({ value, label: t(`holdReason.${value}`) })),
            ]}
          />
        )}
        {form.getValues('serials').map((serial, index) => (
          <FormTextField
            key={serial.item_id}
            name={`serials.${index}.serial_number`}
            label={t('moves.serial', { item: itemName(order.items[index]!) })}
            autoComplete="off"
          />
        ))}
        <FormTextArea
          name="note"
          label={t(`moves.${action}.note`, { defaultValue: t('moves.note') })}
          rows={3}
          required={action === 'cancel'}
        />
        <SubmitRow label={t(`moves.${action}.submit`)} onCancel={onCancel} />
      </Form>
    </Dialog>
  );
}

export function SubmitRow({ label, onCancel }: { label: string; onCancel: () => void }) {
  const { t } = useTranslation('orders-staff');
  const { isSubmitting } = useFormState();
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('cancel')}
      </button>
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {isSubmitting ? t('working') : label}
      </button>
    </div>
  );
}
