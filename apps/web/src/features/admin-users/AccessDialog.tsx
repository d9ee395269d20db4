import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, Role, type AdminUser } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { adminErrorKey } from './admin-error.ts';
import { Dialog } from './Dialog.tsx';
import { adminNotice } from './use-account-action.ts';
import { useChangeAccess } from './use-users.ts';

const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
  on ? [...new Set([...list, item])] : list.filter((x) => x !== item);

interface AccessDialogProps {
  user: AdminUser;
  /** One's own admin role and auth stay (the server refuses removing them). */
  isSelf: boolean;
  onClose: () => void;
}

/** Roles (what the person may open) and auths (what the UI offers, e.g. the admin sidebar). */
export function AccessDialog({ user, isSelf, onClose }: AccessDialogProps) {
  const { t } = useTranslation('admin');
  const change = useChangeAccess();
  const [roles, setRoles] = useState<readonly Role[]>(user.roles);
  const [auths, setAuths] = useState<readonly string[]>(user.auths);
  const [error, setError] = useState<string | null>(null);
  const name = `${user.first_name} ${user.last_name}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (roles.length === 0) {
      setError('users.access.needRole');
      return;
    }
    change.mutate(
      { id: user.id, roles: [...roles], auths: auths.filter((a): a is Auth => Auth.safeParse(a).success) },
      {
        onSuccess: () => {
          showNotice(adminNotice('access'));
          onClose();
        },
        onError: (e) => setError(adminErrorKey(e)),
      },
    );
  };

  return (
    <Dialog title={t('users.access.title', { name })} onClose={onClose}>
      <p>{t('users.access.intro')}</p>
      {error && (
        <p className="form-alert form-alert--error" role="alert">
          {t(error)}
        </p>
      )}
      <form noValidate onSubmit={submit}>
        <fieldset className="choice-group">
          <legend className="field__label">{t('users.access.roles')}</legend>
          {Role.options.map((role) => (
            <Checkbox
              key={role}
              label={t(`users.roles.${role}`)}
              hint={t(`users.access.roleHint.${role}`)}
              checked={roles.includes(role)}
              disabled={isSelf && role === 'admin'}
              onChange={(e) => setRoles(toggle(roles, role, e.target.checked))}
            />
          ))}
        </fieldset>
        <fieldset className="choice-group">
          <legend className="field__label">{t('users.access.auths')}</legend>
          {Auth.options.map((auth) => (
            <Checkbox
              key={auth}
              label={t(`users.auths.${auth}`)}
              hint={t(`users.access.authHint.${auth}`)}
              checked={auths.includes(auth)}
              disabled={isSelf && auth === 'admin'}
              onChange={(e) => setAuths(toggle(auths, auth, e.target.checked))}
            />
          ))}
        </fieldset>
        {isSelf && <p className="field__hint">{t('users.access.selfHint')}</p>}
        <p className="field__hint">{t('users.access.sessionsHint')}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? t('common.working') : t('users.access.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
