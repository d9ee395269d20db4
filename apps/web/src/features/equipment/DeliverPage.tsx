import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Codes,
  DesigneeRelationship,
  proofOfDeliveryRequest,
  type DeviceOrder,
  type ProofOfDeliveryRequest,
} from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormCheckbox } from '../../ui/form/FormCheckbox.tsx';
import { FormRadioGroup } from '../../ui/form/FormRadioGroup.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import type { Issue } from '../../ui/form/issue-message.ts';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { SignaturePad } from '../../ui/SignaturePad.tsx';
import { inLanguage } from './order-words.ts';
import { ProofDownload } from './ProofDownload.tsx';
import { useDeliveryAddress } from './use-delivery-address.ts';
import { useMyEquipment, useSignProofOfDelivery } from './use-equipment.ts';
import './equipment.css';

type Signer = ProofOfDeliveryRequest['signer'];

const MESSAGE_OF_FIELD: Partial<Record<string, string>> = {
  relationship: 'errors.relationship',
  consent: 'errors.consent',
  'signature.png_base64': 'errors.signature',
};
const messageOf = (issue: Issue) => {
  const key = MESSAGE_OF_FIELD[issue.path?.join('.') ?? ''];
  return key ? { key } : undefined;
};

const failureOf = (error: unknown) =>
  error instanceof ApiError && error.code === Codes.conflict
    ? 'deliver.errors.conflict'
    : 'deliver.errors.generic';

/** The date of service: today where the items are handed over, in the device's own time zone. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The designee's relationship: a select whose empty choice is the schema's null. */
function RelationshipField() {
  const { t } = useTranslation('equipment');
  const { field } = useController<ProofOfDeliveryRequest, 'relationship'>({ name: 'relationship' });
  const { ref, name, value, onChange, onBlur } = field;
  return (
    <SelectField
      ref={ref}
      name={name}
      label={t('deliver.relationship')}
      value={value ?? ''}
      onChange={(chosen) => onChange(chosen === '' ? null : chosen)}
      onBlur={onBlur}
      error={useFieldMessage('relationship')}
      options={[
        { value: '', label: t('deliver.chooseRelationship') },
        ...DesigneeRelationship.options.map((value) => ({ value, label: t(`relationship.${value}`) })),
      ]}
    />
  );
}

/** The signature pad, bound to the form's drawn signature and its error. */
function DrawnSignature() {
  const { t } = useTranslation('equipment');
  const { setValue, formState } = useFormContext<ProofOfDeliveryRequest>();
  const error = useFieldMessage('signature.png_base64');
  const hintId = useId();
  return (
    <div className="field">
      <span className="field__label">{t('deliver.signature')}</span>
      <span id={hintId} className="field__hint">
        {t('deliver.pad')}
      </span>
      <SignaturePad
        onChange={(png) =>
          setValue('signature.png_base64', png ?? '', { shouldValidate: formState.isSubmitted })
        }
        describedBy={hintId}
      />
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

interface ProofFormProps {
  order: DeviceOrder;
  /** The signed-in person's full name, as the server holds it: the printed name they sign with. */
  ownName: string;
  onSigned: () => void;
}

function ProofForm({ order, ownName, onSigned }: ProofFormProps) {
  const { t, i18n } = useTranslation('equipment');
  const acting = useActingFor();
  const patientName = acting.grant?.patient_name;
  const sign = useSignProofOfDelivery();
  const address = useDeliveryAddress(acting.may('view_intake'));
  const ownSigner: Signer = patientName ? 'representative' : 'patient';
  const form = useZodForm(proofOfDeliveryRequest, {
    defaultValues: {
      id: order.id,
      version: order.version,
      signer: ownSigner,
      signer_name: ownName,
      relationship: null,
      address: '',
      received_on: today(),
      signature: { kind: 'drawn', png_base64: '' },
    },
    messageOf,
  });
  const signer = form.watch('signer');

  // The intake's address arrives after the form: it fills the field only if nobody has typed yet.
  const { setValue, getValues } = form;
  useEffect(() => {
    if (address.data && getValues('address') === '') setValue('address', address.data);
  }, [address.data, getValues, setValue]);

  const chooseSigner = (value: string) => {
    const own = value !== 'designee';
    setValue('signer_name', own ? ownName : '');
    if (value === 'patient') setValue('relationship', null);
  };

  return (
    <Form
      form={form}
      ns="equipment"
      className="deliver-form"
      onValid={(value) =>
        sign.mutate({ ...value, version: order.version } as ProofOfDeliveryRequest, { onSuccess: onSigned })
      }
    >
      <section className="order-card__section">
        <h2>{t('deliver.items')}</h2>
        <ul className="order-card__items">
          {order.items.map((item) => (
            <li key={item.id} className="order-card__item">
              <span className="order-card__item-name">{inLanguage(item.name, i18n.language)}</span>
              <span className="order-card__muted">
                {t('order.code', { code: item.hcpcs })} · {t('order.quantity', { count: item.quantity })}
              </span>
              {item.serial_number && <span>{t('order.serial', { serial: item.serial_number })}</span>}
            </li>
          ))}
        </ul>
      </section>
      <FormRadioGroup
        name="signer"
        legend={t('deliver.signer')}
        onChoose={chooseSigner}
        options={[
          ownSigner === 'patient'
            ? { value: 'patient', label: t('deliver.patient') }
            : { value: 'representative', label: t('deliver.representative', { name: patientName }) },
          { value: 'designee', label: t('deliver.designee') },
        ]}
      />
      <FormTextField name="signer_name" label={t('deliver.name')} autoComplete="off" maxLength={200} />
      {signer !== 'patient' && <RelationshipField />}
      <FormTextField
        name="address"
        label={t('deliver.address')}
        autoComplete="street-address"
        maxLength={500}
      />
      <FormTextField name="received_on" type="date" label={t('deliver.receivedOn')} />
      <DrawnSignature />
      <FormCheckbox name="consent" label={t('deliver.consent')} />
      <FormAlert message={sign.error ? t(failureOf(sign.error)) : null} />
      <button type="submit" className="button button--primary" disabled={sign.isPending}>
        {sign.isPending ? t('deliver.working') : t('deliver.submit')}
      </button>
    </Form>
  );
}

/** Proof of delivery at the door, on a phone: the patient, a designee or the representative signs. */
export default function DeliverPage() {
  const { t } = useTranslation('equipment');
  const { orderId = '' } = useParams();
  const equipment = useMyEquipment();
  const acting = useActingFor();
  const [signed, setSigned] = useState(false);
  const order = equipment.data?.orders.find((candidate) => candidate.id === orderId);
  const maySign =
    acting.may('act_on_orders') && order?.status === 'out_for_delivery' && order.actions.includes('deliver');

  const body = () => {
    if (signed) {
      return (
        <>
          <FormAlert tone="success" message={t('deliver.done')} />
          <ProofDownload orderId={orderId} primary />
          <Link to="/equipment">{t('deliver.back')}</Link>
        </>
      );
    }
    if (equipment.isError) return <FormAlert message={t('loadError')} />;
    if (!equipment.data) return null;
    if (!order || !maySign) {
      return (
        <>
          <p>{t('deliver.notAvailable')}</p>
          <Link to="/equipment">{t('deliver.back')}</Link>
        </>
      );
    }
    return (
      <>
        <p>{t('deliver.intro')}</p>
        <ProofForm order={order} ownName={equipment.data.signer_name} onSigned={() => setSigned(true)} />
      </>
    );
  };

  return (
    <div className="equipment equipment--narrow">
      <PageHeading>{t('deliver.title')}</PageHeading>
      {body()}
    </div>
  );
}
