import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_INVITE_PRESET, inviteRequest, STAFF_PRESETS, type StaffPreset } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { showNotice } from '../../api/notice-store.ts';
import { useSession } from '../../api/use-session.ts';
import type { SelectOption } from '../../ui/SelectField.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormSelectField } from '../../ui/form/FormSelectField.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { isBlank } from '../../ui/form/issue-message.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { adminErrorKey } from './admin-error.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { PresetPicker } from './PresetPicker.tsx';
import { mayChoosePreset } from './staff-access.ts';
import { adminNotice } from './use-account-action.ts';
import { useInviteUser } from './use-users.ts';

const FIELDS = [
  { name: 'first_name', type: 'text' },
  { name: 'last_name', type: 'text' },
  { name: 'email', type: 'email' },
] as const;

// Each language named in itself, so a person can find their own whatever the page's language.
const LOCALE_CHOICES: readonly SelectOption[] = [
  { value: 'gb', label: 'English' },
  { value: 'cn', label: '简体中文', lang: 'zh-CN' },
];

/**
 * The request's fields, the preset always held: it is sent for an administrator only (the
 * request's own rule), so choosing Patient and back keeps the preset chosen.
 */
const inviteForm = z.object(inviteRequest.shape).required({ preset: true });

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
  const invite = useInviteUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(inviteForm, {
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      role: 'user',
      locale: 'gb',
      preset: startingPreset(actorAuths),
    },
    messageOf: (issue) =>
      isBlank(issue.input) ? { key: 'form.required' } : { key: `form.invalid.${String(issue.path?.[0])}` },
  });
  const [role, preset] = useWatch({ control: form.control, name: ['role', 'preset'] });

  return (
    <Dialog title={t('users.invite.title')} onClose={onClose}>
      <p>{t('users.invite.intro')}</p>
      <FormAlert message={formError && t(formError)} />
      <Form
        form={form}
        ns="admin"
        onValid={({ preset: chosen, ...person }) => {
          setFormError(null);
          invite.mutate(
            { ...person, ...(person.role === 'admin' ? { preset: chosen } : {}) },
            {
              onSuccess: () => {
                showNotice(adminNotice('invited'));
                onClose();
              },
              onError: (error) => {
                if (error instanceof ApiError && error.body.errors?.some((e) => e.path === 'email')) {
                  form.setError('email', { message: 'errors.emailTaken' }, { shouldFocus: true });
                } else {
                  setFormError(adminErrorKey(error));
                }
              },
            },
          );
        }}
      >
        {FIELDS.map((field) => (
          <FormTextField
            key={field.name}
            label={t(`users.invite.${field.name}`)}
            name={field.name}
            type={field.type}
            autoComplete="off"
          />
        ))}
        <fieldset className="choice-group">
          <legend className="field__label">{t('users.invite.role')}</legend>
          {(['user', 'admin'] as const).map((option) => (
            <label key={option} className="choice">
              <input type="radio" value={option} {...form.register('role')} />
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
            onChoose={(chosen) => form.setValue('preset', chosen)}
          />
        )}
        <FormSelectField label={t('users.invite.locale')} name="locale" options={LOCALE_CHOICES} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={invite.isPending}>
            {invite.isPending ? t('common.working') : t('users.invite.submit')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
