import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/use-session.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { AccessDialog } from './AccessDialog.tsx';
import { AccountActionDialog } from './AccountActionDialog.tsx';
import { adminErrorKey } from './admin-error.ts';
import { AssessmentPanel } from './AssessmentPanel.tsx';
import { AuditTrail } from './AuditTrail.tsx';
import { DocumentsPanel } from './DocumentsPanel.tsx';
import { IntakeSummary } from './IntakeSummary.tsx';
import { ProfileSummary } from './ProfileSummary.tsx';
import { actionsFor } from './row-actions.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { UserFacts } from './UserFacts.tsx';
import { useAccountAction } from './use-account-action.ts';
import { useUserDetail } from './use-users.ts';
import './admin-tables.css';
import './admin-users.css';

/** `/users/:id`: one account, what the patient has filled in, assessed and signed, and what happened to it. */
export default function UserDetailPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const selfEmail = useSession()?.user.username ?? '';
  const detail = useUserDetail(id);
  const flow = useAccountAction();
  const [editing, setEditing] = useState(false);

  if (detail.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (detail.isError) {
    return (
      <section className="admin-page">
        <PageHeading>{t('detail.missingTitle')}</PageHeading>
        <p role="alert">{t(adminErrorKey(detail.error) ?? 'errors.generic')}</p>
        <Link to="/users">{t('detail.back')}</Link>
      </section>
    );
  }
  const { user } = detail.data;
  const isSelf = user.email === selfEmail;
  const name = `${user.first_name} ${user.last_name}`;
  const isPatient = user.roles.includes('user');
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
      <div className="user-detail__actions" role="group" aria-label={t('detail.actions')}>
        <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
          {t('users.row.access')}
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
      <div className="user-detail__grid">
        <UserFacts detail={detail.data} />
        {detail.data.profile && <ProfileSummary profile={detail.data.profile} />}
        {detail.data.intake && <IntakeSummary intake={detail.data.intake} />}
        {isPatient && <AssessmentPanel patientId={user.id} />}
      </div>
      {isPatient && <DocumentsPanel patientId={user.id} patientName={name} />}
      <AuditTrail userId={user.id} entries={detail.data.audit} />
      {editing && <AccessDialog user={user} isSelf={isSelf} onClose={() => setEditing(false)} />}
      <AccountActionDialog flow={flow} />
    </section>
  );
}
