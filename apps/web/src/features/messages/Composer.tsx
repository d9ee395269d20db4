import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH, type AttachmentUpload } from '@portal/protocol';
import { formatNumber } from '../../i18n/format.ts';
import { ATTACHMENT_ACCEPT, readPickedFile } from './attachment.ts';
import type { Draft } from './messages-api.ts';
import { messageErrorKey } from './message-error.ts';

interface ComposerProps {
  onSend: (draft: Draft) => Promise<unknown>;
  pending: boolean;
  /** Names the text box, e.g. "Message to the clinic". */
  label: string;
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
}

/** Text and/or one file (PNG, JPEG or PDF up to 5 MB); Enter sends, Shift+Enter starts a new line. */
export function Composer({ onSend, pending, label, textareaRef }: ComposerProps) {
  const { t, i18n } = useTranslation('messages');
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ upload: AttachmentUpload; size: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const fileId = useId();
  const errorId = useId();

  const pick = async (picked: File | undefined) => {
    setError(null);
    if (!picked) return;
    const result = await readPickedFile(picked);
    if (result.ok) setFile({ upload: result.upload, size: result.size });
    else setError('errors.tooLarge');
    if (fileInput.current) fileInput.current.value = '';
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    if (!text.trim() && !file) {
      setError('errors.empty');
      return;
    }
    setError(null);
    try {
      await onSend({ text: text.trim(), ...(file ? { attachment: file.upload } : {}) });
      setText('');
      setFile(null);
    } catch (failure) {
      setError(messageErrorKey(failure));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  return (
    <form className="composer" onSubmit={(event) => void send(event)} noValidate>
      <label htmlFor={textId} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={textId}
        ref={textareaRef}
        className="composer__text"
        value={text}
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t('composer.placeholder')}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {file && (
        <p className="composer__file">
          <span>
            {t('composer.attached', {
              name: file.upload.name,
              size: formatNumber(Math.max(1, Math.round(file.size / 1024)), i18n.language),
            })}
          </span>
          <button type="button" className="button button--ghost" onClick={() => setFile(null)}>
            {t('composer.removeFile', { name: file.upload.name })}
          </button>
        </p>
      )}
      {error && (
        <p id={errorId} className="form-alert form-alert--error composer__error" role="alert">
          {t(error)}
        </p>
      )}
      <div className="composer__actions">
        <input
          id={fileId}
          ref={fileInput}
          type="file"
          className="visually-hidden"
          accept={ATTACHMENT_ACCEPT}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <label htmlFor={fileId} className="button button--secondary composer__attach">
          <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M13.5 6.5 7.8 12.2a1.6 1.6 0 0 0 2.3 2.3l6-6a3.2 3.2 0 0 0-4.6-4.6l-6 6a4.8 4.8 0 0 0 6.8 6.8l5.2-5.2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
          {t('composer.attach')}
        </label>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t('composer.sending') : t('composer.send')}
        </button>
      </div>
    </form>
  );
}
