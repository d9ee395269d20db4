import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { Auth, Role, STAFF_PERMISSIONS, userAccessRequest, type AdminUser } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { useSession } from '../../api/use-session.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { adminErrorKey } from './admin-error.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { PresetPicker } from './PresetPicker.tsx';
import { authsForRoles, beyondOwn, PRESET_CHOICES, presetChoiceOf, withPreset } from './staff-access.ts';
import { adminNotice } from './use-account-action.ts';
import { useChangeAccess } from './use-users.ts';
import { formatPersonName } from '../../i18n/person-name.ts';

const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...new Set([...list, item])] : list.filter((x) => x !== item);

/** The auths the request names; any other a stored account holds is not sent back. */
const known = (auths: readonly string[]) => auths.filter((a): a is Auth => Auth.safeParse(a).success);

/** The administration menu first, then the permissions in the protocol's order. */
const AUTH_CHOICES = ['admin', ...STAFF_PERMISSIONS] as const;

interface RoleChoicesProps {
  roles: readonly Role[];
  disabled: boolean;
  onChange: (role: Role, on: boolean) => void;
}

/** The roles, one group with the request's one rule: at least one. */
function RoleChoices({ roles, disabled, onChange }: RoleChoicesProps) {
  const { t } = useTranslation('admin');
  const error = useFieldMessage('roles');
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="choice-group" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{t('users.access.roles')}</legend>
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      {Role.options.map((role) => (
        <Checkbox
          key={role}
          label={t(`users.roles.${role}`)}
          hint={t(`users.access.roleHint.${role}`)}
          checked={roles.includes(role)}
          onChange={(e) => onChange(role, e.target.checked)}
        />
      ))}
    </fieldset>
  );
}

interface AccessDialogProps {
  user: AdminUser;
  /** One's own access is shown, not offered: another administrator changes it (the server answers 10403). */
  isSelf: boolean;
  onClose: () => void;
}

/**
 * Roles (what the person may open) and, for an administrator, the staff permissions: a preset
 * in one click or each permission ticked (decision 0012-staff-permissions).
 */
export function AccessDialog({ user, isSelf, onClose }: AccessDialogProps) {
  const { t, i18n } = useTranslation('admin');
  const actorAuths = useSession()?.user.auths ?? [];
  const change = useChangeAccess();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(userAccessRequest, {
    defaultValues: { id: user.id, roles: [...user.roles], auths: known(user.auths) },
    messageOf: (issue) => (issue.path?.[0] === 'roles' ? { key: 'users.access.needRole' } : undefined),
  });
  const [roles, auths] = useWatch({ control: form.control, name: ['roles', 'auths'] });
  const name = formatPersonName(user, i18n.language);
  const isAdmin = roles.includes('admin');
  // Someone holding permissions the actor lacks is managed by someone who holds them (the server refuses too).
  const outranked = beyondOwn(actorAuths, user.auths).length > 0;
  const readOnly = outranked || isSelf;
  const setAuths = (next: readonly string[]) => form.setValue('auths', known(next));

  const changeRole = (role: Role, on: boolean) => {
    const next = toggle(roles, role, on);
    setAuths(authsForRoles(roles, next, auths));
    form.setValue('roles', next, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <Dialog title={t('users.access.title', { name })} onClose={onClose}>
      <p>{t('users.access.intro')}</p>
      {isSelf && (
        <p className="form-alert form-alert--info" id={`own-access-${user.id}`}>
          {t('users.access.selfHint')}
        </p>
      )}
      <FormAlert
        message={error ? t(error) : outranked && !isSelf ? t('errors.beyondOwnPermissions') : null}
      />
      <Form
        form={form}
        ns="admin"
        onValid={(access) => {
          setError(null);
          change.mutate(access, {
            onSuccess: () => {
              showNotice(adminNotice('access'));
              onClose();
            },
            onError: (e) => setError(adminErrorKey(e)),
          });
        }}
      >
        <RoleChoices roles={roles} disabled={readOnly} onChange={changeRole} />
        {isAdmin && (
          <div className="access-dialog__staff">
            <PresetPicker
              disabled={readOnly}
              legend={t('users.access.presets')}
              name={`preset-${user.id}`}
              value={presetChoiceOf(auths)}
              actorAuths={actorAuths}
              choices={PRESET_CHOICES}
              onChoose={(preset) => setAuths(withPreset(auths, preset))}
            />
            <fieldset className="choice-group" disabled={readOnly}>
              <legend className="field__label">{t('users.access.auths')}</legend>
              {AUTH_CHOICES.map((auth) => {
                const notYours = auth !== 'admin' && !actorAuths.includes(auth);
                return (
                  <Checkbox
                    key={auth}
                    label={t(`users.auths.${auth}`)}
                    hint={t(`users.access.authHint.${auth}`)}
                    checked={auths.includes(auth)}
                    disabled={notYours}
                    onChange={(e) => setAuths(toggle(auths, auth, e.target.checked))}
                  />
                );
              })}
              {AUTH_CHOICES.some((auth) => auth !== 'admin' && !actorAuths.includes(auth)) && (
                <p className="field__hint">{t('users.access.notYours')}</p>
              )}
            </fieldset>
          </div>
        )}
        {!isSelf && <p className="field__hint">{t('users.access.sessionsHint')}</p>}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {isSelf ? t('common.close') : t('common.cancel')}
          </button>
          {!isSelf && (
            <button type="submit" className="button button--primary" disabled={change.isPending || outranked}>
              {change.isPending ? t('common.working') : t('users.access.submit')}
            </button>
          )}
        </div>
      </Form>
    </Dialog>
  );
}
