import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormState } from 'react-hook-form';
import { Codes, ChatMode, type SettingsView } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { showNotice } from '../../api/notice-store.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormCheckbox } from '../../ui/form/FormCheckbox.tsx';
import { FormSelectField } from '../../ui/form/FormSelectField.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { LogoField } from './LogoField.tsx';
import { SecretField } from './SecretField.tsx';
import { SigningCertificatePanel } from './SigningCertificatePanel.tsx';
import { draftOf, settingsFormSchema, updateOf } from './settings-form.ts';
import { SETTINGS_SECTIONS, type SettingsField } from './settings-fields.ts';
import { useSaveSettings, useSettings } from './settings-api.ts';
import './settings.css';

/** Focus goes to the first marked field, so a refusal is never only far from Save. */
const focusFirstMarked = () => focusFirstInvalid(document.querySelector<HTMLFormElement>('.settings-form'));

/** The server's refusal as field messages (10400 by path, 10413/10415 for the logo). */
function serverErrors(error: unknown): { fields: Record<string, string>; form: string | null } {
  if (error instanceof NetworkError) return { fields: {}, form: null };
  if (!(error instanceof ApiError)) return { fields: {}, form: 'errors.generic' };
  if (error.code === Codes.fileType) return { fields: { clinic_logo: 'settings.logo.fileType' }, form: null };
  if (error.code === Codes.tooLarge) return { fields: { clinic_logo: 'settings.logo.tooLarge' }, form: null };
  const fields: Record<string, string> = {};
  for (const e of error.body.errors ?? []) {
    const [key = ''] = e.path.split('.');
    fields[key] = key === 'chat_mode' ? 'settings.rules.chat_mode' : `settings.invalid.${key}`;
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : 'errors.generic' };
}

/** Beside Save, where the person is: which fields stopped the save (each says why). */
function NotSaved() {
  const { t } = useTranslation('admin');
  const { errors } = useFormState();
  const labels = Object.keys(errors).map((key) =>
    key === 'clinic_logo' ? t('settings.logo.label') : t(`settings.fields.${key}`),
  );
  if (labels.length === 0) return null;
  return (
    <p className="field__error settings-form__problem" role="alert">
      {t('settings.notSaved', { fields: labels.join(', ') })}
    </p>
  );
}

/** spec §2 `/settings`: what the clinic configures, in sections; effective at once on every node. */
export default function SettingsPage() {
  const { t } = useTranslation('admin');
  const settings = useSettings();
  const saving = useRef(false);
  if (!settings.data) {
    return (
      <section className="admin-page">
        <PageHeading>{t('settings.title')}</PageHeading>
        {settings.isError ? (
          <p role="alert">{t('errors.generic')}</p>
        ) : (
          <p className="page-loading">{t('common.loading')}</p>
        )}
      </section>
    );
  }
  // Keyed by the last change, so the form starts again from what the server now holds.
  return (
    <SettingsForm key={settings.data.updated_at ?? 'defaults'} view={settings.data} savingRef={saving} />
  );
}

/**
 * `savingRef` is set while a save is under way: the form that replaces this one once it is saved
 * puts focus back on Save, where the person was (the old button left with the old form).
 */
function SettingsForm({ view, savingRef }: { view: SettingsView; savingRef: RefObject<boolean> }) {
  const { t } = useTranslation('admin');
  const save = useSaveSettings();
  const saveButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!savingRef.current) return;
    savingRef.current = false;
    saveButton.current?.focus();
  }, [savingRef]);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(settingsFormSchema(view.secrets), {
    defaultValues: draftOf(view.values),
    // Every field, the secrets' and the logo's too, by the page's order.
    shouldFocusError: false,
    messageOf: (issue) => {
      const key = String(issue.path?.[0]);
      return { key: issue.code === 'custom' ? `settings.rules.${key}` : `settings.invalid.${key}` };
    },
  });

  const input = (field: SettingsField) =>
    field.input === 'chat-mode' ? (
      <FormSelectField
        key={field.key}
        label={t('settings.fields.chat_mode')}
        name="chat_mode"
        options={ChatMode.options.map((mode) => ({ value: mode, label: t(`settings.chatModes.${mode}`) }))}
      />
    ) : field.input === 'switch' ? (
      <FormCheckbox
        key={field.key}
        name={field.key}
        label={t(`settings.fields.${field.key}`)}
        hint={field.hint ? t(`settings.hints.${field.key}`) : undefined}
      />
    ) : (
      <FormTextField
        key={field.key}
        label={t(`settings.fields.${field.key}`)}
        hint={field.hint ? t(`settings.hints.${field.key}`) : undefined}
        name={field.key}
        type={field.input}
        inputMode={field.input === 'number' ? 'numeric' : undefined}
      />
    );

  return (
    <section className="admin-page">
      <PageHeading>{t('settings.title')}</PageHeading>
      <p>{t('settings.intro')}</p>
      <FormAlert message={formError && t(formError)} />
      <Form
        form={form}
        ns="admin"
        className="settings-form"
        onInvalid={focusFirstMarked}
        onValid={(checked) => {
          if (save.isPending) return;
          setFormError(null);
          savingRef.current = true;
          save.mutate(updateOf(view.values, checked), {
            onSuccess: () =>
              showNotice({ key: 'admin:notices.settingsSaved', tone: 'success', durationMs: 6_000 }),
            onError: (error) => {
              savingRef.current = false;
              const found = serverErrors(error);
              for (const [key, message] of Object.entries(found.fields)) {
                form.setError(key as keyof typeof checked, { message });
              }
              setFormError(found.form);
              focusFirstMarked();
            },
          });
        }}
      >
        {SETTINGS_SECTIONS.map((section) => (
          <fieldset key={section.id} className="card settings-section">
            <legend className="settings-section__title">{t(`settings.sections.${section.id}.title`)}</legend>
            <p className="field__hint">{t(`settings.sections.${section.id}.intro`)}</p>
            {section.fields.map(input)}
            {section.secrets?.map((name) => (
              <SecretField
                key={name}
                name={name}
                label={t(`settings.fields.${name}`)}
                isSet={view.secrets[name].set}
              />
            ))}
            {section.logo && <LogoField current={view.clinic_logo} />}
          </fieldset>
        ))}
        <div className="settings-form__actions">
          <NotSaved />
          {/* aria-disabled, not disabled: a disabled button loses focus to <body>, and the saved
              notice leaves the person on Save, where they were. */}
          <button
            ref={saveButton}
            type="submit"
            className="button button--primary"
            aria-disabled={save.isPending}
          >
            {save.isPending ? t('common.working') : t('settings.save')}
          </button>
        </div>
      </Form>
      <SigningCertificatePanel current={view.signing_certificate} />
    </section>
  );
}
