import { useTranslation } from 'react-i18next';
import { Codes, chooseSlotRequest, type DeviceOrder } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormRadioGroup } from '../../ui/form/FormRadioGroup.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { windowText } from './order-words.ts';
import { useChooseSlot } from './use-equipment.ts';

const failureOf = (error: unknown) =>
  error instanceof ApiError && error.code === Codes.conflict ? 'slots.conflict' : 'slots.error';

/** The delivery windows the desk offered, one to choose; the order then shows the booked one. */
export function SlotChooser({ order }: { order: DeviceOrder }) {
  const { t, i18n } = useTranslation('equipment');
  const choose = useChooseSlot();
  const form = useZodForm(chooseSlotRequest, {
    defaultValues: { id: order.id, version: order.version },
    messageOf: () => ({ key: 'errors.choose' }),
  });
  return (
    <Form
      form={form}
      ns="equipment"
      className="slot-chooser"
      onValid={(value) => choose.mutate({ ...value, version: order.version })}
    >
      <FormRadioGroup
        name="slot_id"
        legend={t('slots.legend')}
        options={order.slots.map((slot) => ({ value: slot.id, label: windowText(t, i18n.language, slot) }))}
      />
      <FormAlert message={choose.error ? t(failureOf(choose.error)) : null} />
      <button type="submit" className="button button--primary" disabled={choose.isPending}>
        {choose.isPending ? t('slots.working') : t('slots.choose')}
      </button>
    </Form>
  );
}
