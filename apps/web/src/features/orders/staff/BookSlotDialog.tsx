import { useTranslation } from 'react-i18next';
import { chooseSlotRequest, type ChooseSlotRequest, type DeviceOrder } from '@portal/protocol';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/form/Form.tsx';
import { FormRadioGroup } from '../../../ui/form/FormRadioGroup.tsx';
import { FormSubmitAlert } from '../../../ui/form/FormSubmitAlert.tsx';
import type { Issue } from '../../../ui/form/issue-message.ts';
import { submitToServer } from '../../../ui/form/submit-to-server.ts';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';
import { ordersErrorKey } from '../orders-error.ts';
import { SubmitRow } from './MoveDialog.tsx';
import { useOrderFormat } from './use-order-format.ts';

const slotMessageOf = ({ path = [] }: Issue) =>
  path[0] === 'slot_id' ? { key: 'errors.choose' } : undefined;

interface BookSlotDialogProps {
  order: DeviceOrder;
  send: (booking: ChooseSlotRequest) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}

/** The desk books one of the offered windows for a patient who asks by phone. */
export function BookSlotDialog({ order, send, onDone, onCancel }: BookSlotDialogProps) {
  const { t } = useTranslation('orders-staff');
  const format = useOrderFormat();
  const form = useZodForm(chooseSlotRequest, {
    defaultValues: { id: order.id, version: order.version, slot_id: '' },
    messageOf: slotMessageOf,
  });
  const submit = submitToServer(form, {
    send,
    refusalOf: (failure) => ({ form: ordersErrorKey(failure) }),
    onSent: onDone,
  });
  return (
    <Dialog title={t('book.title')} onClose={onCancel}>
      <Form form={form} ns="orders-staff" className="book-slot-form" onValid={submit}>
        <p className="field__hint">{t('book.intro')}</p>
        <FormSubmitAlert />
        <FormRadioGroup
          name="slot_id"
          legend={t('book.window')}
          options={order.slots.map((slot) => ({
            value: slot.id,
            label: format.window(slot.starts_at, slot.ends_at),
          }))}
        />
        <SubmitRow label={t('book.submit')} onCancel={onCancel} />
      </Form>
    </Dialog>
  );
}
