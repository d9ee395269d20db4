import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@portal/protocol';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { DATE_TIME, formatDate, formatNumber } from '../../i18n/format.ts';
import { saveFile } from './attachment.ts';
import { fetchAttachment } from './messages-api.ts';

interface MessageListProps {
  messages: readonly Message[];
  /** Whose view this is: their own messages sit on the right. */
  viewer: 'patient' | 'clinic';
  label: string;
  /** Shown as the author of the patient's messages in the clinic's view. */
  patientName?: string;
}

/**
 * The conversation, oldest first. A polite live region: a reply that arrives through the event
 * poll is read out without moving focus.
 */
export function MessageList({ messages, viewer, label, patientName }: MessageListProps) {
  const { t, i18n } = useTranslation('messages');
  const list = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id;
  // Decision 0023: whose thread a caregiver has open, for "written by X for Y".
  const actingName = useActingFor().grant?.patient_name;

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);

  const download = async (id: string) => {
    const file = await fetchAttachment(id, viewer === 'patient' ? 'patient' : 'admin');
    saveFile(file.content_base64, file.name, file.content_type);
  };

  return (
    <ol
      ref={list}
      className="message-list"
      tabIndex={0}
      aria-label={label}
      aria-live="polite"
      aria-relevant="additions"
    >
      {messages.map((m) => {
        if (m.notice) {
          return (
            <li key={m.id} className="message message--notice">
              <p className="message__meta">
                <span className="message__author">{t('author.system')}</span>{' '}
                <time dateTime={m.created_at}>
                  {formatDate(new Date(m.created_at), i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </time>
              </p>
              <p className="message__body">{t('notice.documentDeclined', { title: m.notice.title })}</p>
              <blockquote className="message__quote">{m.notice.reason}</blockquote>
            </li>
          );
        }
        const own = m.author === viewer;
        const patient =
          viewer === 'patient' ? (actingName ?? t('author.you')) : (patientName ?? t('author.patient'));
        const who =
          m.author === 'patient'
            ? m.on_behalf_by
              ? viewer === 'patient' && !actingName
                ? t('author.onBehalfYou', { by: m.on_behalf_by })
                : t('author.onBehalf', { by: m.on_behalf_by, patient })
              : patient
            : (m.author_name ?? t('author.clinic'));
        return (
          <li key={m.id} className={`message ${own ? 'message--own' : 'message--other'}`}>
            <p className="message__meta">
              <span className="message__author">{who}</span>{' '}
              <time dateTime={m.created_at}>
                {formatDate(new Date(m.created_at), i18n.language, DATE_TIME)}
              </time>
            </p>
            {m.body && <p className="message__body">{m.body}</p>}
            {m.attachment && (
              <button type="button" className="message__file" onClick={() => void download(m.attachment!.id)}>
                {t('attachment.download', {
                  name: m.attachment.name,
                  size: formatNumber(Math.max(1, Math.round(m.attachment.size / 1024)), i18n.language),
                })}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
