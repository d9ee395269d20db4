import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Codes,
  ChatMode,
  type SecretSetting,
  type SettingsKey,
  type SettingsUpdate,
  type SettingsView,
} from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { showNotice } from '../../api/notice-store.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { LogoField, type LogoChoice } from './LogoField.tsx';
import { SecretField, type SecretChoice } from './SecretField.tsx';
import { SigningCertificatePanel } from './SigningCertificatePanel.tsx';
import { changedValues, checkDraft, draftOf, type SettingsDraft } from './settings-form.ts';
import { SETTINGS_SECTIONS, type SettingsField } from './settings-fields.ts';
import { useSaveSettings, useSettings } from './settings-api.ts';
import './settings.css';

type Errors = Partial<Record<SettingsKey | SecretSetting | 'clinic_logo', string>>;

/** Focus goes to the first marked field, so a refusal is never only far from Save. */
const focusFirstInvalid = () =>
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('.settings-form [aria-invalid="true"]')?.focus(),
  );
const KEEP: Record<SecretSetting, SecretChoice> = {
  zendesk_key_id: { kind: 'keep' },
  zendesk_secret: { kind: 'keep' },
};

/** The server's refusal as field messages (10400 by path, 10413/10415 for the logo). */
function serverErrors(error: unknown): { fields: Errors; form: string | null } {
  if (error instanceof NetworkError) return { fields: {}, form: null };
  if (!(error instanceof ApiError)) return { fields: {}, form: 'errors.generic' };
  if (error.code === Codes.fileType) return { fields: { clinic_logo: 'settings.logo.fileType' }, form: null };
  if (error.code === Codes.tooLarge) return { fields: { clinic_logo: 'settings.logo.tooLarge' }, form: null };
  const fields: Errors = {};
  for (const e of error.body.errors ?? []) {
    const key = e.path.split('.')[0] as keyof Errors;
    fields[key] = key === 'chat_mode' ? 'settings.rules.chat_mode' : `settings.invalid.${key}`;
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : 'errors.generic' };
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
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(view.values));
  const [secrets, setSecrets] = useState(KEEP);
  const [logo, setLogo] = useState<LogoChoice>({ kind: 'keep' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const edit = (key: SettingsKey, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const checked = checkDraft(draft);
    // The server's rule, checked here too: the Zendesk messenger needs both of its keys.
    const keySet = (name: SecretSetting) => {
      const choice = secrets[name];
      return choice.kind === 'replace'
        ? Boolean(choice.value.trim())
        : choice.kind === 'keep' && view.secrets[name].set;
    };
    if (draft.chat_mode === 'zendesk' && !(keySet('zendesk_key_id') && keySet('zendesk_secret'))) {
      checked.errors.chat_mode = 'settings.rules.chat_mode';
    }
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      focusFirstInvalid();
      return;
    }
    const update: SettingsUpdate = changedValues(view.values, checked.update);
    for (const [name, choice] of Object.entries(secrets) as [SecretSetting, SecretChoice][]) {
      if (choice.kind === 'remove') update[name] = null;
      if (choice.kind === 'replace' && choice.value.trim()) update[name] = choice.value;
    }
    if (logo.kind === 'remove') update.clinic_logo = null;
    if (logo.kind === 'replace') update.clinic_logo = { content_base64: logo.logo.content_base64 };
    savingRef.current = true;
    save.mutate(update, {
      onSuccess: () => showNotice({ key: 'admin:notices.settingsSaved', tone: 'success', durationMs: 6_000 }),
      onError: (error) => {
        savingRef.current = false;
        const found = serverErrors(error);
        setErrors(found.fields);
        setFormError(found.form);
        focusFirstInvalid();
      },
    });
  };

  const invalidLabels = (Object.keys(errors) as (keyof Errors)[])
    .filter((key) => errors[key])
    .map((key) => (key === 'clinic_logo' ? t('settings.logo.label') : t(`settings.fields.${key}`)));

  const input = (field: SettingsField) =>
    field.input === 'chat-mode' ? (
      <SelectField
        key={field.key}
        label={t('settings.fields.chat_mode')}
        name="chat_mode"
        value={draft.chat_mode}
        options={ChatMode.options.map((mode) => ({ value: mode, label: t(`settings.chatModes.${mode}`) }))}
        onChange={(value) => edit('chat_mode', value)}
        error={errors.chat_mode && t(errors.chat_mode)}
      />
    ) : field.input === 'switch' ? (
      <Checkbox
        key={field.key}
        name={field.key}
        label={t(`settings.fields.${field.key}`)}
        hint={field.hint ? t(`settings.hints.${field.key}`) : undefined}
        checked={draft[field.key] === 'true'}
        onChange={(e) => edit(field.key, String(e.target.checked))}
        error={errors[field.key] && t(errors[field.key]!)}
      />
    ) : (
      <TextField
        key={field.key}
        label={t(`settings.fields.${field.key}`)}
        hint={field.hint ? t(`settings.hints.${field.key}`) : undefined}
        name={field.key}
        type={field.input}
        inputMode={field.input === 'number' ? 'numeric' : undefined}
        value={draft[field.key]}
        onChange={(e) => edit(field.key, e.target.value)}
        error={errors[field.key] && t(errors[field.key]!)}
      />
    );

  return (
    <section className="admin-page">
      <PageHeading>{t('settings.title')}</PageHeading>
      <p>{t('settings.intro')}</p>
      {formError && (
        <p className="form-alert form-alert--error" role="alert">
          {t(formError)}
        </p>
      )}
      <form className="settings-form" noValidate onSubmit={submit}>
        {SETTINGS_SECTIONS.map((section) => (
          <fieldset key={section.id} className="card settings-section">
            <legend className="settings-section__title">{t(`settings.sections.${section.id}.title`)}</legend>
            <p className="field__hint">{t(`settings.sections.${section.id}.intro`)}</p>
            {section.fields.map(input)}
            {section.secrets?.map((name) => (
              <SecretField
                key={name}
                label={t(`settings.fields.${name}`)}
                isSet={view.secrets[name].set}
                choice={secrets[name]}
                error={errors[name] && t(errors[name]!)}
                onChange={(choice) => setSecrets((s) => ({ ...s, [name]: choice }))}
              />
            ))}
            {section.logo && (
              <LogoField
                current={view.clinic_logo}
                choice={logo}
                error={errors.clinic_logo && t(errors.clinic_logo)}
                onChange={(choice) => {
                  setLogo(choice);
                  setErrors((e) => ({ ...e, clinic_logo: undefined }));
                }}
                onError={(key) => setErrors((e) => ({ ...e, clinic_logo: key }))}
              />
            )}
          </fieldset>
        ))}
        <div className="settings-form__actions">
          {/* Beside Save, where the person is: which fields stopped the save (each says why). */}
          {invalidLabels.length > 0 && (
            <p className="field__error settings-form__problem" role="alert">
              {t('settings.notSaved', { fields: invalidLabels.join(', ') })}
            </p>
          )}
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
      </form>
      <SigningCertificatePanel current={view.signing_certificate} />
    </section>
  );
}
