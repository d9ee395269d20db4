import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActingForId, useCaregiversOverview } from '../../api/caregiver-grants.ts';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { builtInMessenger, builtInPanel, unseenReplies } from './messenger.ts';
import { useMarkRead, usePatientThread, useSendMessage } from './messages-api.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/**
 * The patient's chat bubble and panel (spec §4). A non-modal dialog: the page stays usable
 * beside it on wide screens; on phones it covers the screen. Escape closes it and gives focus
 * back to the bubble.
 */
export function BuiltInMessenger() {
  const { t } = useTranslation('messages');
  const open = useSyncExternalStore(builtInPanel.subscribe, builtInPanel.isOpen);
  const unseen = useSyncExternalStore(unseenReplies.subscribe, unseenReplies.count);
  const panelId = useId();
  const titleId = useId();
  const bubble = useRef<HTMLButtonElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const openedByUser = useRef(false);
  const thread = usePatientThread(open);
  const send = useSendMessage();
  const { mutate: markRead, isPending: marking, isError: markFailed, reset: resetMark } = useMarkRead();
  const unread = thread.data?.unread ?? 0;
  // Decision 0033: an account that only helps writes about its account or the people it helps.
  const overview = useCaregiversOverview();
  const helper = useActingForId() === null && overview.data?.is_patient === false;

  useEffect(() => {
    if (open && openedByUser.current) {
      openedByUser.current = false;
      textarea.current?.focus();
    }
  }, [open]);

  // What is on screen counts as read; a reply arriving while the panel is open too.
  useEffect(() => {
    // A failed mark is not retried in a loop: reopening the panel tries again.
    if (!open && markFailed) resetMark();
    if (open && unread > 0 && !marking && !markFailed) markRead();
    if (open) unseenReplies.clear();
  }, [open, unread, marking, markFailed, markRead, resetMark]);

  const toggle = () => {
    if (open) builtInMessenger.close();
    else {
      openedByUser.current = true;
      builtInMessenger.open();
    }
  };
  const close = () => {
    builtInMessenger.close();
    bubble.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className="messenger">
      {open && (
        <section
          id={panelId}
          className="messenger__panel"
          role="dialog"
          aria-labelledby={titleId}
          onKeyDown={onKeyDown}
        >
          <header className="messenger__header">
            <h2 id={titleId} className="messenger__title">
              {t('panel.title')}
            </h2>
            <button type="button" className="messenger__close" onClick={close} aria-label={t('panel.close')}>
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                <path
                  d="M5 5l10 10M15 5 5 15"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </header>
          <p className="messenger__intro">{t('panel.intro')}</p>
          {thread.data?.status === 'closed' && <p className="messenger__closed">{t('panel.closedThread')}</p>}
          <div className="messenger__body">
            {thread.isPending ? (
              <p className="messenger__empty">{t('panel.loading')}</p>
            ) : thread.isError ? (
              <FormAlert message={t('errors.generic')} />
            ) : thread.data.messages.length === 0 ? (
              <p className="messenger__empty">{t(helper ? 'panel.emptyCaregiver' : 'panel.empty')}</p>
            ) : (
              <MessageList messages={thread.data.messages} viewer="patient" label={t('panel.conversation')} />
            )}
          </div>
          <Composer
            label={t('panel.messageLabel')}
            onSend={(draft) => send.mutateAsync(draft)}
            pending={send.isPending}
            textareaRef={textarea}
          />
        </section>
      )}
      <button
        ref={bubble}
        type="button"
        className="messenger__bubble"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 4 13.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.7"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">
          {open ? t('bubble.close') : t('bubble.open')}
          {!open && unseen > 0 ? `, ${t('bubble.newReplies', { count: unseen })}` : ''}
        </span>
        {!open && unseen > 0 && (
          <span className="messenger__badge" aria-hidden="true">
            {unseen}
          </span>
        )}
      </button>
    </div>
  );
}
