import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffPermission } from '@portal/protocol';
import { holdsPermission } from '../../api/staff-pages.ts';
import { useSession } from '../../api/use-session.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { useNamePage } from '../../ui/page-label.ts';
import {
  CaregiversPanel,
  ChartExports,
  PatientChart,
  PatientDocuments,
  ProfileSummary,
} from '../clinic/index.ts';
import { PatientOrders } from '../orders/staff/index.ts';
import { AccessDialog } from './AccessDialog.tsx';
import { AccountActionDialog } from './AccountActionDialog.tsx';
import { adminErrorKey } from './admin-error.ts';
import { AuditTrail } from './AuditTrail.tsx';
import { actionsFor } from './row-actions.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { UserFacts } from './UserFacts.tsx';
import { useAccountAction } from './use-account-action.ts';
import { isUserId, useUserDetail } from './use-users.ts';
import '../../ui/admin-tables.css';
import './admin-users.css';
import { formatPersonName } from '../../i18n/person-name.ts';

/**
 * `/users/:id`: one account and what happened to it; for a patient, their record as the clinic
 * reads it (profile, chart, documents, caregivers), each part as the reader's permissions allow.
 */
export default function UserDetailPage() {
  const { t, i18n } = useTranslation('admin');
  const { id = '' } = useParams();
  const session = useSession();
  const selfEmail = session?.user.username ?? '';
  const may = (permission: StaffPermission) => holdsPermission(session, permission);
  const detail = useUserDetail(id);
  const flow = useAccountAction();
  const [editing, setEditing] = useState(false);
  useNamePage(detail.data ? formatPersonName(detail.data.user, i18n.language) : null);

  if (!isUserId(id)) return <UserNotFound messageKey="errors.notFound" />;
  if (detail.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (detail.isError) return <UserNotFound messageKey={adminErrorKey(detail.error) ?? 'errors.generic'} />;
  const { user } = detail.data;
  const isSelf = user.email === selfEmail;
  const name = formatPersonName(user, i18n.language);
  // A caregiver-only account has no chart, documents or caregivers of its own (decision 0032).
  const isPatient = user.is_patient;
  return (
    <section className="admin-page user-detail">
      <div className="admin-page__header">
        <div>
          <PageHeading title={name}>
            {name} <StatusBadge user={user} />
          </PageHeading>
          <p className="user-detail__email">{user.email}</p>
        </div>
      </div>
      {may('manage_users') && (
        <div className="user-detail__actions" role="group" aria-label={t('detail.actions')}>
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
            {t(isSelf ? 'users.row.ownAccess' : 'users.row.access')}
          </button>
          {actionsFor(user, isSelf).map((a) => (
            <button
              key={a.action}
              type="button"
              className={`button ${a.danger ? 'button--danger-outline' : 'button--secondary'}`}
              onClick={() => flow.ask(user, a.action)}
            >
              {t(`users.actions.${a.action}.label`)}
            </button>
          ))}
        </div>
      )}
      {isPatient && <ChartExports patientId={user.id} />}
      <div className="user-detail__grid">
        <UserFacts detail={detail.data} />
        {detail.data.profile && <ProfileSummary profile={detail.data.profile} />}
      </div>
      {isPatient && may('read_chart') && <PatientChart patientId={user.id} intake={detail.data.intake} />}
      {isPatient && (may('read_chart') || may('manage_documents')) && (
        <PatientDocuments patientId={user.id} patientName={name} />
      )}
      {isPatient && (may('read_chart') || may('manage_orders')) && <PatientOrders patientId={user.id} />}
      {isPatient && (may('read_chart') || may('manage_users')) && (
        <CaregiversPanel patientId={user.id} manages={may('manage_users')} />
      )}
      {detail.data.audit && <AuditTrail userId={user.id} entries={detail.data.audit} />}
      {editing && <AccessDialog user={user} isSelf={isSelf} onClose={() => setEditing(false)} />}
      <AccountActionDialog flow={flow} />
    </section>
  );
}

/** A user id that names nobody, or a malformed one: said plainly, with the way back. */
function UserNotFound({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-page">
      <PageHeading>{t('detail.missingTitle')}</PageHeading>
      <p role="alert">{t(messageKey)}</p>
      <Link to="/users">{t('detail.back')}</Link>
    </section>
  );
}
