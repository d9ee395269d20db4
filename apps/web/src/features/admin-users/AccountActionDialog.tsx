import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ROW_ACTIONS } from './row-actions.ts';
import type { useAccountAction } from './use-account-action.ts';
import { formatPersonName } from '../../i18n/person-name.ts';

/** The confirmation of the action waiting in `flow`, worded from the action table. */
export function AccountActionDialog({ flow }: { flow: ReturnType<typeof useAccountAction> }) {
  const { t, i18n } = useTranslation('admin');
  if (!flow.pending) return null;
  const { user, action } = flow.pending;
  const rule = ROW_ACTIONS.find((a) => a.action === action);
  const name = formatPersonName(user, i18n.language);
  return (
    <ConfirmDialog
      title={t(`users.actions.${action}.title`, { name })}
      body={t(`users.actions.${action}.body`, { name, email: user.email })}
      confirmLabel={t(`users.actions.${action}.confirm`)}
      cancelLabel={t('common.cancel')}
      busyLabel={t('common.working')}
      danger={rule?.danger ?? false}
      busy={flow.busy}
      error={flow.error && t(flow.error)}
      onConfirm={flow.confirm}
      onCancel={flow.cancel}
    />
  );
}
