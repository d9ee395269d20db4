import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderMessageRequest } from '@portal/protocol';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormTextArea } from '../../ui/form/FormTextArea.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { useSendOrderMessage } from './use-equipment.ts';

export type MessageTopic = 'supplies' | 'fault';

interface OrderMessageDialogProps {
  orderId: string;
  topic: MessageTopic;
  onClose: () => void;
}

/**
 * "I need supplies" or "Report a fault": a message in the order's own thread, read by the desk.
 * The conversation then goes on in the messenger (`?chat=open` opens it on any page).
 */
export function OrderMessageDialog({ orderId, topic, onClose }: OrderMessageDialogProps) {
  const { t } = useTranslation('equipment');
  const send = useSendOrderMessage();
  const patientName = useActingFor().grant?.patient_name;
  const form = useZodForm(orderMessageRequest, { defaultValues: { id: orderId, topic, text: '' } });
  return (
    <Dialog title={t(`message.${topic}`)} onClose={onClose}>
      {send.isSuccess ? (
        <>
          <FormAlert
            tone="success"
            message={patientName ? t('acting.sent', { name: patientName }) : t('message.sent')}
          />
          <div className="dialog__actions">
            <Link className="button button--primary" to="?chat=open" onClick={onClose}>
              {t('message.open')}
            </Link>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('message.close')}
            </button>
          </div>
        </>
      ) : (
        <Form form={form} ns="equipment" onValid={(value) => send.mutate(value)}>
          <FormTextArea name="text" label={t('message.text')} hint={t(`message.hint.${topic}`)} rows={5} />
          <FormAlert message={send.isError ? t('message.error') : null} />
          <div className="dialog__actions">
            <button type="submit" className="button button--primary" disabled={send.isPending}>
              {send.isPending ? t('message.working') : t('message.send')}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('message.cancel')}
            </button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
