import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { usePublicConfig } from '../../api/public-config.ts';
import type { Session } from '../../api/session.ts';
import { builtInMessenger, setActiveMessenger, zendeskMessenger, type Messenger } from './messenger.ts';
import './messages.css';

// The messenger's code and the protocol schemas it parses with load after the page has painted:
// the signed-in layout (the first paint of /welcome) does not wait for them.
const BuiltInMessenger = lazy(() =>
  import('./BuiltInMessenger.tsx').then((module) => ({ default: module.BuiltInMessenger })),
);
const fetchZendeskJwt = () => import('./messages-api.ts').then((module) => module.fetchZendeskJwt());

/** Patients talk to the clinic; administrators answer from the inbox instead. */
export const isPatient = (session: Session) =>
  session.user.roles.includes('user') && !session.user.roles.includes('admin');

/**
 * The messenger the clinic chose (settings `chat_mode`): logged in once the signed-in layout
 * shows, logged out when the session ends (messenger.ts). `?chat=open`, the reply e-mail's
 * link, opens it.
 */
export function MessengerHost({ session }: { session: Session }) {
  const { data: config } = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const acting = useActingFor();
  // A caregiver without `write_messages` for the record open has no messenger for it (decision
  // 0023); an account that only helps writes from its own (decision 0033).
  const patient = isPatient(session) && acting.may('write_messages');
  const mode = config?.chat_mode;
  const widgetKey = config?.zendesk_widget_key ?? null;

  const messenger = useMemo<Messenger | null>(() => {
    if (!patient || !mode) return null;
    if (mode === 'builtin') return builtInMessenger;
    return widgetKey ? zendeskMessenger(widgetKey, fetchZendeskJwt) : null;
  }, [patient, mode, widgetKey]);

  useEffect(() => {
    setActiveMessenger(messenger);
    messenger?.login().catch(() => {
      // The widget could not load (blocked, offline): the support menu still reaches the clinic.
    });
  }, [messenger]);

  const wantsOpen = params.get('chat') === 'open';
  useEffect(() => {
    if (!messenger || !wantsOpen) return;
    messenger.open();
    setParams(
      (current) => {
        current.delete('chat');
        return current;
      },
      { replace: true },
    );
  }, [messenger, wantsOpen, setParams]);

  // Its own boundary: loading the messenger's texts must not swap the whole layout for a spinner.
  return messenger === builtInMessenger ? (
    <Suspense fallback={null}>
      <BuiltInMessenger />
    </Suspense>
  ) : null;
}
