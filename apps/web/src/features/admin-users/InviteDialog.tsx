import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_INVITE_PRESET,
  inviteRequest,
  STAFF_PRESETS,
  type Locale,
  type Role,
  type StaffPreset,
} from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { showNotice } from '../../api/notice-store.ts';
import { useSession } from '../../api/use-session.ts';
import { SelectField, type SelectOption } from '../../ui/SelectField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { adminErrorKey } from './admin-error.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { PresetPicker } from './PresetPicker.tsx';
import { mayChoosePreset } from './staff-access.ts';
import { adminNotice } from './use-account-action.ts';
import { useInviteUser } from './use-users.ts';

type Field = 'first_name' | 'last_name' | 'email';
const FIELDS: readonly { name: Field; type: string; autoComplete: string }[] = [
  { name: 'first_name', type: 'text', autoComplete: 'off' },
  { name: 'last_name', type: 'text', autoComplete: 'off' },
  { name: 'email', type: 'email', autoComplete: 'off' },
];

// Each language named in itself, so a person can find their own whatever the page's language.
const LOCALE_CHOICES: readonly SelectOption[] = [
  { value: 'gb', label: 'English' },
  { value: 'cn', label: '简体中文', lang: 'zh-CN' },
];

/** Checked with the protocol's own schema; each field's message is chosen by its path. */
function fieldErrors(
  values: Record<Field, string>,
  role: Role,
  locale: Locale,
): Partial<Record<Field, string>> {
  const parsed = inviteRequest.safeParse({ ...values, role, locale });
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= values[field].trim() ? `form.invalid.${field}` : 'form.required';
  }
  return errors;
}

const PRESETS = Object.keys(STAFF_PRESETS) as StaffPreset[];

/** Front desk (decision 0012-staff-permissions), or the first preset the inviter may grant. */
function startingPreset(actorAuths: readonly string[]): StaffPreset {
  if (mayChoosePreset(actorAuths, DEFAULT_INVITE_PRESET)) return DEFAULT_INVITE_PRESET;
  return PRESETS.find((preset) => mayChoosePreset(actorAuths, preset)) ?? DEFAULT_INVITE_PRESET;
}

/**
 * Invite a patient or an administrator, the latter with a preset of staff permissions: the
 * person sets their password from the e-mail (72 h).
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const actorAuths = useSession()?.user.auths ?? [];
  const [preset, setPreset] = useState<StaffPreset>(() => startingPreset(actorAuths));
  const formRef = useRef<HTMLFormElement>(null);
  const invite = useInviteUser();
  const [values, setValues] = useState<Record<Field, string>>({ first_name: '', last_name: '', email: '' });
  const [role, setRole] = useState<Role>('user');
  const [locale, setLocale] = useState<Locale>('gb');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(values, role, locale);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    invite.mutate(
      { ...values, role, locale, ...(role === 'admin' ? { preset } : {}) },
      {
        onSuccess: () => {
          showNotice(adminNotice('invited'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body.errors?.some((e) => e.path === 'email')) {
            setErrors({ email: 'errors.emailTaken' });
          } else {
            setFormError(adminErrorKey(error));
          }
        },
      },
    );
  };

  return (
    <Dialog title={t('users.invite.title')} onClose={onClose}>
      <p>{t('users.invite.intro')}</p>
      {formError && (
        <p className="form-alert form-alert--error" role="alert">
          {t(formError)}
        </p>
      )}
      <form ref={formRef} noValidate onSubmit={submit}>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={t(`users.invite.${field.name}`)}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [field.name]: e.target.value }));
              setErrors((errs) => ({ ...errs, [field.name]: undefined }));
            }}
            error={errors[field.name] && t(errors[field.name]!)}
          />
        ))}
        <fieldset className="choice-group">
          <legend className="field__label">{t('users.invite.role')}</legend>
          {(['user', 'admin'] as const).map((option) => (
            <label key={option} className="choice">
              <input
                type="radio"
                name="role"
                value={option}
                checked={role === option}
                onChange={() => setRole(option)}
              />
              {t(`users.roles.${option}`)}
            </label>
          ))}
        </fieldset>
        {role === 'admin' && (
          <PresetPicker
            legend={t('users.invite.preset')}
            name="invite-preset"
            value={preset}
            actorAuths={actorAuths}
            choices={PRESETS}
            onChoose={setPreset}
          />
        )}
        <SelectField
          label={t('users.invite.locale')}
          name="locale"
          value={locale}
          options={LOCALE_CHOICES}
          onChange={(value) => setLocale(value as Locale)}
        />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={invite.isPending}>
            {invite.isPending ? t('common.working') : t('users.invite.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
