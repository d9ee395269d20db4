import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH, patientMessageRequest } from '@portal/protocol';
import { formatNumber } from '../../i18n/format.ts';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { submitToServer } from '../../ui/form/submit-to-server.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { ATTACHMENT_ACCEPT, readPickedFile, uploadSize } from './attachment.ts';
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
  // Both sides' message bodies are the patient's request's fields (the reply adds the thread's id).
  const form = useZodForm(patientMessageRequest, {
    defaultValues: { text: '' },
    // The text's length is capped as it is typed; what the schema refuses is an empty message.
    messageOf: () => ({ key: 'errors.empty' }),
  });
  const file = form.watch('attachment');
  const { errors } = form.formState;
  const error = errors.text?.message ?? errors.attachment?.message ?? errors.root?.form?.message;
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const fileId = useId();
  const errorId = useId();
  const { ref: registerText, ...text } = form.register('text');

  const pick = async (picked: File | undefined) => {
    form.clearErrors();
    if (!picked) return;
    const result = await readPickedFile(picked);
    if (result.ok) form.setValue('attachment', result.upload);
    else form.setError('attachment', { message: 'errors.tooLarge' });
    if (fileInput.current) fileInput.current.value = '';
  };

  const sendToServer = submitToServer(form, {
    send: onSend,
    refusalOf: (failure) => ({ form: messageErrorKey(failure) }),
    onSent: () => form.reset(),
  });
  const send = async (draft: Draft) => {
    if (!pending) await sendToServer(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void form.handleSubmit(send)();
  };

  return (
    <Form form={form} ns="messages" onValid={send} className="composer">
      <label htmlFor={textId} className="visually-hidden">
        {label}
      </label>
      <textarea
        {...text}
        ref={(element) => {
          registerText(element);
          if (textareaRef) textareaRef.current = element;
        }}
        id={textId}
        className="composer__text"
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t('composer.placeholder')}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        onKeyDown={onKeyDown}
      />
      {file && (
        <p className="composer__file">
          <span>
            {t('composer.attached', {
              name: file.name,
              size: formatNumber(Math.max(1, Math.round(uploadSize(file) / 1024)), i18n.language),
            })}
          </span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => form.setValue('attachment', undefined)}
          >
            {t('composer.removeFile', { name: file.name })}
          </button>
        </p>
      )}
      <FormAlert id={errorId} message={error ? t(error) : null} />
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
    </Form>
  );
}
