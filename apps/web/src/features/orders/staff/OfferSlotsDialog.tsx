import { useEffect, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_OFFERED_SLOTS, type DeviceOrder, type OfferSlotsRequest } from '@portal/protocol';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/form/Form.tsx';
import { FormSubmitAlert } from '../../../ui/form/FormSubmitAlert.tsx';
import { FormTextField } from '../../../ui/form/FormTextField.tsx';
import type { Issue } from '../../../ui/form/issue-message.ts';
import { submitToServer } from '../../../ui/form/submit-to-server.ts';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';
import { ordersErrorKey } from '../orders-error.ts';
import { SubmitRow } from './MoveDialog.tsx';
import { emptySlot, slotsForm, type SlotsFormInput } from './slots-form.ts';

const slotMessageOf = ({ code, path = [] }: Issue) =>
  code === 'custom' && path.at(-1) === 'ends' ? { key: 'errors.endsBeforeStarts' } : undefined;

interface OfferSlotsDialogProps {
  order: DeviceOrder;
  send: (offer: OfferSlotsRequest) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}

/** Offers the patient one to six delivery windows, replacing any earlier offer. */
export function OfferSlotsDialog({ order, send, onDone, onCancel }: OfferSlotsDialogProps) {
  const { t } = useTranslation('orders-staff');
  const form = useZodForm(slotsForm, {
    defaultValues: { id: order.id, version: order.version, slots: [emptySlot] } satisfies SlotsFormInput,
    messageOf: slotMessageOf,
  });
  const rows = useFieldArray({ control: form.control, name: 'slots' });
  const addButton = useRef<HTMLButtonElement>(null);
  // A removed row's button goes with it: focus moves to "Add a time", shown again by then.
  const removed = useRef(false);
  useEffect(() => {
    if (!removed.current) return;
    removed.current = false;
    addButton.current?.focus();
  }, [rows.fields.length]);
  const submit = submitToServer(form, {
    send,
    refusalOf: (failure) => ({ form: ordersErrorKey(failure) }),
    onSent: onDone,
  });
  return (
    <Dialog title={t('slots.title')} onClose={onCancel}>
      <Form form={form} ns="orders-staff" className="offer-slots-form" onValid={submit}>
        <p className="field__hint">{t('slots.intro', { max: MAX_OFFERED_SLOTS })}</p>
        <FormSubmitAlert />
        {rows.fields.map((row, index) => (
          <fieldset key={row.id} className="offer-slots-form__row">
            <legend>{t('slots.row', { number: index + 1 })}</legend>
            <FormTextField name={`slots.${index}.day`} label={t('slots.day')} type="date" required />
            <FormTextField name={`slots.${index}.starts`} label={t('slots.starts')} type="time" required />
            <FormTextField name={`slots.${index}.ends`} label={t('slots.ends')} type="time" required />
            {rows.fields.length > 1 && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  removed.current = true;
                  rows.remove(index);
                }}
              >
                {t('slots.remove', { number: index + 1 })}
              </button>
            )}
          </fieldset>
        ))}
        {rows.fields.length < MAX_OFFERED_SLOTS && (
          <button
            ref={addButton}
            type="button"
            className="button button--secondary"
            onClick={() => rows.append(emptySlot, { focusName: `slots.${rows.fields.length}.day` })}
          >
            {t('slots.add')}
          </button>
        )}
        <SubmitRow label={t('slots.submit')} onCancel={onCancel} />
      </Form>
    </Dialog>
  );
}
