import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CatalogueCategory, type CreateOrderRequest } from '@portal/protocol';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/form/Form.tsx';
import { FormSubmitAlert } from '../../../ui/form/FormSubmitAlert.tsx';
import { FormTextArea } from '../../../ui/form/FormTextArea.tsx';
import { FormTextField } from '../../../ui/form/FormTextField.tsx';
import { FORM_MESSAGE, submitToServer } from '../../../ui/form/submit-to-server.ts';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';
import { useCatalogue } from '../orders-api.ts';
import { ordersErrorKey } from '../orders-error.ts';
import { orderForm, type OrderFormInput } from './order-form.ts';

interface OrderEquipmentDialogProps {
  patientId: string;
  send: (order: CreateOrderRequest) => Promise<unknown>;
  onDone: (submitted: boolean) => void;
  onCancel: () => void;
}

/** A clinician orders from the active catalogue, by category, with a quantity for each item. */
export function OrderEquipmentDialog({ patientId, send, onDone, onCancel }: OrderEquipmentDialogProps) {
  const { t, i18n } = useTranslation('orders-staff');
  const catalogue = useCatalogue();
  const form = useZodForm(orderForm, {
    defaultValues: { patient_id: patientId, quantities: {}, note: '', submit: true } satisfies OrderFormInput,
  });
  const active = catalogue.data?.filter((item) => item.active) ?? [];
  const submit = submitToServer(form, {
    send,
    refusalOf: (failure) => ({ form: ordersErrorKey(failure) }),
    onSent: (order) => onDone(order.submit ?? true),
  });
  return (
    <Dialog title={t('prescribe.title')} onClose={onCancel}>
      <Form
        form={form}
        ns="orders-staff"
        className="order-equipment-form"
        onValid={submit}
        // The items are one choice across the list: nothing chosen is said once, above it.
        onInvalid={(errors) => {
          if ('items' in errors) form.setError(FORM_MESSAGE, { message: 'prescribe.noItems' });
        }}
      >
        <p className="field__hint">{t('prescribe.intro')}</p>
        <FormSubmitAlert />
        {catalogue.isPending && <p>{t('loading')}</p>}
        {catalogue.isError && <p role="alert">{t('errors.generic')}</p>}
        {catalogue.isSuccess && active.length === 0 && <p>{t('prescribe.emptyCatalogue')}</p>}
        {CatalogueCategory.options.map((category) => {
          const items = active.filter((item) => item.category === category);
          if (items.length === 0) return null;
          return (
            <fieldset key={category} className="order-equipment-form__category">
              <legend>{t(`category.${category}`)}</legend>
              {items.map((item) => (
                <FormTextField
                  key={item.id}
                  name={`quantities.${item.id}`}
                  label={t('prescribe.quantity', {
                    code: item.hcpcs,
                    name: i18n.language === 'cn' ? item.name_cn : item.name_gb,
                  })}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={99}
                />
              ))}
            </fieldset>
          );
        })}
        <FormTextArea name="note" label={t('prescribe.note')} rows={3} />
        <OrderButtons onCancel={onCancel} onChoose={(submitNow) => form.setValue('submit', submitNow)} />
      </Form>
    </Dialog>
  );
}

/** Two ways to send the same form: the button pressed says whether it is submitted or kept as a draft. */
function OrderButtons({ onCancel, onChoose }: { onCancel: () => void; onChoose: (submit: boolean) => void }) {
  const { t } = useTranslation('orders-staff');
  const { isSubmitting } = useFormState();
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('cancel')}
      </button>
      <button
        type="submit"
        className="button button--secondary"
        disabled={isSubmitting}
        onClick={() => onChoose(false)}
      >
        {t('prescribe.draft')}
      </button>
      <button
        type="submit"
        className="button button--primary"
        disabled={isSubmitting}
        onClick={() => onChoose(true)}
      >
        {isSubmitting ? t('working') : t('prescribe.submit')}
      </button>
    </div>
  );
}
