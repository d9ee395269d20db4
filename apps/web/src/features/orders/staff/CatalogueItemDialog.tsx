import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CatalogueCategory, SupplyKind, type TemplateSummary } from '@portal/protocol';
import { holdsPermission } from '../../../api/staff-pages.ts';
import { useSession } from '../../../api/use-session.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/form/Form.tsx';
import { FormCheckbox } from '../../../ui/form/FormCheckbox.tsx';
import { FormSelectField } from '../../../ui/form/FormSelectField.tsx';
import { FormSubmitAlert } from '../../../ui/form/FormSubmitAlert.tsx';
import { FormTextArea } from '../../../ui/form/FormTextArea.tsx';
import { FormTextField } from '../../../ui/form/FormTextField.tsx';
import type { Issue } from '../../../ui/form/issue-message.ts';
import { submitToServer } from '../../../ui/form/submit-to-server.ts';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';
import { usePublishedTemplates, useSaveCatalogueItem } from '../orders-api.ts';
import { ordersErrorKey } from '../orders-error.ts';
import { catalogueForm, NUMBER_FIELDS, type CatalogueFormInput, type NumberField } from './catalogue-form.ts';

/** The catalogue's own words where the common ones would say too little. */
function catalogueMessageOf({ code, path = [] }: Issue) {
  if (path[0] === 'hcpcs' && code === 'invalid_format') return { key: 'errors.hcpcs' };
  if (path[0] === 'rental_months' && code === 'custom') return { key: 'errors.rentalMonths' };
  return undefined;
}

interface CatalogueItemDialogProps {
  /** The item to change, or an empty one to add. */
  initial: CatalogueFormInput;
  onDone: () => void;
  onCancel: () => void;
}

/** Adds a catalogue item or changes one: every field of catalogueItemRequest. */
export function CatalogueItemDialog({ initial, onDone, onCancel }: CatalogueItemDialogProps) {
  const { t } = useTranslation('orders-staff');
  const save = useSaveCatalogueItem();
  const form = useZodForm(catalogueForm, { defaultValues: initial, messageOf: catalogueMessageOf });
  const submit = submitToServer(form, {
    send: (item) => save.mutateAsync(item),
    refusalOf: (failure) => ({ form: ordersErrorKey(failure, 'errors.catalogueConflict') }),
    onSent: onDone,
  });
  return (
    <Dialog title={t(initial.id ? 'catalogue.editTitle' : 'catalogue.addTitle')} onClose={onCancel}>
      <Form form={form} ns="orders-staff" className="catalogue-form" onValid={submit}>
        <FormSubmitAlert />
        <FormTextField
          name="hcpcs"
          label={t('catalogue.fields.hcpcs')}
          hint={t('catalogue.fields.hcpcsHint')}
          autoComplete="off"
          required
        />
        <FormSelectField
          name="category"
          label={t('catalogue.fields.category')}
          options={CatalogueCategory.options.map((value) => ({ value, label: t(`category.${value}`) }))}
        />
        <FormTextField name="name_gb" label={t('catalogue.fields.nameGb')} lang="en-GB" required />
        <FormTextField name="name_cn" label={t('catalogue.fields.nameCn')} lang="zh-CN" required />
        <FormTextArea name="prepare_gb" label={t('catalogue.fields.prepareGb')} lang="en-GB" rows={2} />
        <FormTextArea name="prepare_cn" label={t('catalogue.fields.prepareCn')} lang="zh-CN" rows={2} />
        <FormSelectField
          name="supply"
          label={t('catalogue.fields.supply')}
          options={SupplyKind.options.map((value) => ({ value, label: t(`supply.${value}`) }))}
        />
        <NumberFields place="supply" />
        <fieldset className="catalogue-form__prerequisites">
          <legend>{t('catalogue.fields.prerequisites')}</legend>
          <FormCheckbox name="requires_prescription" label={t('catalogue.fields.prescription')} />
          <FormCheckbox
            name="requires_prior_authorisation"
            label={t('catalogue.fields.priorAuthorisation')}
          />
          <NumberFields place="prerequisites" />
          <TemplateChoices />
        </fieldset>
        <FormCheckbox name="active" label={t('catalogue.fields.active')} />
        <SubmitRow onCancel={onCancel} />
      </Form>
    </Dialog>
  );
}

/** The item's numbers shown at `place`; a rental's months show only for a rental, a purchase has none. */
function NumberFields({ place }: { place: NumberField['place'] }) {
  const { t } = useTranslation('orders-staff');
  const rental = (useWatch({ name: 'supply' }) as string) === 'rental';
  const shown = NUMBER_FIELDS.filter((field) => field.place === place && (rental || !field.rentalOnly));
  return (
    <>
      {shown.map(({ name, label, rentalOnly }) => (
        <FormTextField
          key={name}
          name={name}
          label={t(`catalogue.fields.${label}`)}
          hint={rentalOnly ? undefined : t('catalogue.fields.noneHint')}
          type="number"
          inputMode="numeric"
          min={1}
          required={rentalOnly}
        />
      ))}
    </>
  );
}

/**
 * The form the patient signs and the manual, from the library's published documents. Reading the
 * library needs manage_documents; without it the choices already made stay as they are.
 */
function TemplateChoices() {
  const { t, i18n } = useTranslation('orders-staff');
  const readsLibrary = holdsPermission(useSession(), 'manage_documents');
  const templates = usePublishedTemplates(readsLibrary);
  const [formId, manualId] = useWatch({ name: ['form_template_id', 'manual_template_id'] }) as string[];
  const title = (template: TemplateSummary) =>
    (i18n.language === 'cn' && template.titles.cn) || template.titles.gb;
  const options = (kind: TemplateSummary['kind'], chosen: string | undefined) => [
    { value: '', label: t('catalogue.fields.noTemplate') },
    ...(templates.data ?? [])
      .filter((template) => template.kind === kind || template.id === chosen)
      .map((template) => ({ value: template.id, label: title(template) })),
    // A choice the reader cannot see in the library (no manage_documents) still shows as chosen.
    ...(chosen && !templates.data?.some((template) => template.id === chosen)
      ? [{ value: chosen, label: t('catalogue.fields.keptTemplate') }]
      : []),
  ];
  return (
    <>
      <FormSelectField
        name="form_template_id"
        label={t('catalogue.fields.form')}
        options={options('signature', formId)}
      />
      <FormSelectField
        name="manual_template_id"
        label={t('catalogue.fields.manual')}
        options={options('reference', manualId)}
      />
    </>
  );
}

function SubmitRow({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('orders-staff');
  const { isSubmitting } = useFormState();
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('cancel')}
      </button>
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {isSubmitting ? t('working') : t('catalogue.save')}
      </button>
    </div>
  );
}
