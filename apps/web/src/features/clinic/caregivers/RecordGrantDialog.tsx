import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCOPE_NEEDS, scopesWithin } from '@portal/protocol';
import { useSession } from '../../../api/use-session.ts';
import { GrantForm, recordedGrant } from '../../caregivers/grants/index.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useRecordGrant } from './chart-caregivers-api.ts';

interface RecordGrantDialogProps {
  patientId: string;
  signingAllowed: boolean;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The scopes staff may put in a grant: those their permissions cover (SCOPE_PERMISSIONS), each
 * with the see scope it needs, since ticking it ticks that one too. The server judges it again.
 */
function grantableScopes(auths: readonly string[]) {
  const within = scopesWithin(auths);
  return within.filter((scope) => !SCOPE_NEEDS[scope] || within.includes(SCOPE_NEEDS[scope]));
}

/** Staff record a grant with the document that gives its authority (a guardian, an attorney). */
export function RecordGrantDialog({ patientId, signingAllowed, onDone, onCancel }: RecordGrantDialogProps) {
  const { t } = useTranslation('caregivers');
  const record = useRecordGrant(patientId);
  const offered = grantableScopes(useSession()?.user.auths ?? []);
  const [today] = useState(() => new Date());
  return (
    <Dialog title={t('chart.recordTitle')} onClose={onCancel}>
      <GrantForm
        className="record-grant-form"
        signingAllowed={signingAllowed}
        offered={offered}
        today={today}
        withAuthority
        intro={<p className="field__hint">{t('chart.recordIntro')}</p>}
        submitLabel={t('chart.save')}
        onCancel={onCancel}
        send={async (grant) => record.mutateAsync(await recordedGrant(grant))}
        onSent={onDone}
      />
    </Dialog>
  );
}
