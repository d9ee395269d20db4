import { USER_ACTION_ALLOWED, type AdminUser, type UserAction } from '@portal/protocol';

export interface RowAction {
  action: UserAction;
  /** Ends the person's access: the confirmation button is drawn as a warning. */
  danger: boolean;
  /** The server refuses it on one's own account (admin lock-out rules); not offered there. */
  notOnSelf: boolean;
}

/**
 * The account actions as data: when each applies is the protocol's USER_ACTION_ALLOWED (the
 * server's own rule); labels, confirmation texts and notices are i18n keys named after the
 * action (`users.actions.<action>.*`, `notices.<action>`).
 */
export const ROW_ACTIONS: readonly RowAction[] = [
  { action: 'resend_invite', danger: false, notOnSelf: false },
  { action: 'unlock', danger: false, notOnSelf: false },
  { action: 'reactivate', danger: false, notOnSelf: false },
  { action: 'make_patient', danger: false, notOnSelf: false },
  { action: 'lock', danger: true, notOnSelf: true },
  { action: 'revoke_sessions', danger: true, notOnSelf: true },
  { action: 'reset_mfa', danger: true, notOnSelf: false },
  { action: 'deactivate', danger: true, notOnSelf: true },
];

export function actionsFor(user: AdminUser, isSelf: boolean): RowAction[] {
  return ROW_ACTIONS.filter((a) => USER_ACTION_ALLOWED[a.action](user) && !(isSelf && a.notOnSelf));
}
