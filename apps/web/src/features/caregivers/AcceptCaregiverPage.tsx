import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvitationPreview } from '@portal/protocol';
import { openRecord } from '../../api/caregiver-grants.ts';
import { rememberReturnPath } from '../../api/return-path.ts';
import { useSession } from '../../api/use-session.ts';
import { DAY, formatDate } from '../../i18n/format.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { grantErrors } from './grants/grant-errors.ts';
import { dayOf } from './grants/day-of.ts';
import { useInvitation, useRespondToInvitation } from './caregivers-api.ts';
import { SCOPE_ORDER } from './grants/scope-groups.ts';
import './grants/caregivers.css';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/** The invitation e-mail's link (decision 0023): /caregiver/accept?token=… */
export default function AcceptCaregiverPage() {
  const { t } = useTranslation('caregivers');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  if (!token) {
    return (
      <>
        <PageHeading>{t('accept.invalidTitle')}</PageHeading>
        <p>{t('accept.missingToken')}</p>
      </>
    );
  }
  return session ? <Invitation token={token} /> : <SignInFirst token={token} />;
}

/** The invited address, which the e-mail's link carries after `#` (never sent to a server). */
function invitedEmail(hash: string): string | undefined {
  return new URLSearchParams(hash.replace(/^#/, '')).get('email') ?? undefined;
}

function SignInFirst({ token }: { token: string }) {
  const { t } = useTranslation('caregivers');
  const email = invitedEmail(useLocation().hash);
  const here = `/caregiver/accept?token=${encodeURIComponent(token)}`;
  // Signing in, or creating an account, confirming it (often in a new tab) and then signing in,
  // comes back to this link.
  const comeBack = () => rememberReturnPath(here);
  return (
    <>
      <PageHeading>{t('accept.title')}</PageHeading>
      <p>{t('accept.signedOut')}</p>
      <p>{t('accept.sameAddress')}</p>
      <div className="accept-actions">
        <Link
          className="button button--primary"
          to={`/auth/login?next=${encodeURIComponent(here)}`}
          state={{ email }}
          onClick={comeBack}
        >
          {t('accept.signIn')}
        </Link>
        <Link className="button button--secondary" to="/auth/signup" state={{ email }} onClick={comeBack}>
          {t('accept.createAccount')}
        </Link>
      </div>
    </>
  );
}

function Invitation({ token }: { token: string }) {
  const { t, i18n } = useTranslation('caregivers');
  const invitation = useInvitation(token, true);
  const respond = useRespondToInvitation();
  const client = useQueryClient();
  const navigate = useNavigate();

  const answer = (decision: 'accept' | 'decline', preview: InvitationPreview) =>
    respond.mutate(
      { token, decision },
      {
        onSuccess: (overview) => {
          if (decision === 'decline') return;
          // Straight into the record they now help with; a name can be shared, the id cannot.
          if (overview.received.some((g) => g.patient_id === preview.patient_id)) {
            openRecord(client, preview.patient_id);
          }
          void navigate('/welcome', { replace: true });
        },
      },
    );

  if (invitation.isPending) return <p role="status">{t('loading')}</p>;
  if (invitation.isError) {
    const refused = grantErrors(invitation.error);
    return (
      <>
        <PageHeading>{t('accept.invalidTitle')}</PageHeading>
        <p role="alert">
          {t(refused.fields.token ? 'accept.invalidToken' : (refused.form ?? 'errors.generic'))}
        </p>
        <Link to="/">{t('accept.goHome')}</Link>
      </>
    );
  }
  const preview = invitation.data;
  if (respond.isSuccess && respond.variables.decision === 'decline') {
    return (
      <>
        <PageHeading>{t('accept.declinedTitle')}</PageHeading>
        <p role="status">{t('accept.declined', { name: preview.patient_name })}</p>
        <Link to="/">{t('accept.goHome')}</Link>
      </>
    );
  }
  const refused = respond.isError ? grantErrors(respond.error) : null;
  return (
    <>
      <PageHeading>{t('accept.askedTitle', { name: preview.patient_name })}</PageHeading>
      <p>{t('accept.asked', { name: preview.patient_name, relationship: preview.relationship })}</p>
      <h2 className="accept-scopes__title">{t('accept.scopesTitle')}</h2>
      <ul className="accept-scopes">
        {SCOPE_ORDER.filter((scope) => preview.scopes.includes(scope)).map((scope) => (
          <li key={scope}>{t(`scopes.${scope}`)}</li>
        ))}
      </ul>
      <p>{t('accept.until', { date: formatDate(dayOf(preview.ends_on), i18n.language, DAY) })}</p>
      <FormAlert
        message={
          refused &&
          (refused.form || refused.fields.token) &&
          t(refused.fields.token ? 'accept.invalidToken' : refused.form!)
        }
      />
      <div className="accept-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={respond.isPending}
          onClick={() => answer('accept', preview)}
        >
          {t('accept.accept')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={respond.isPending}
          onClick={() => answer('decline', preview)}
        >
          {t('accept.decline')}
        </button>
      </div>
    </>
  );
}
