import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useController } from 'react-hook-form';
import { MAX_DOCUMENT_BYTES } from '@portal/protocol';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { fileSize } from './file-size.ts';

interface PdfDropProps {
  /** The surrounding form's value this PDF is. */
  name: string;
  label: string;
}

/** Whether a picked file may be sent: the server judges it again by parsing it. */
function refusalOf(file: File): string | null {
  const looksPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!looksPdf) return 'upload.notPdfHere';
  if (file.size > MAX_DOCUMENT_BYTES) return 'upload.tooLargeHere';
  return null;
}

/**
 * A PDF chosen by dropping it on the zone or through the file picker (the keyboard's way in); the
 * input stays uncontrolled, the form holds the File.
 */
export function PdfDrop({ name, label }: PdfDropProps) {
  const { t } = useTranslation('library');
  const { field } = useController({ name });
  const { ref, onChange } = field;
  const file = field.value as File | undefined;
  const error = useFieldMessage(name);
  const inputId = useId();
  const messageId = useId();
  const [over, setOver] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const take = (picked: File | undefined) => {
    if (!picked) return;
    const refused = refusalOf(picked);
    setRefusal(refused);
    onChange(refused ? undefined : picked);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };
  const message = refusal ? t(refusal, { limit: fileSize(MAX_DOCUMENT_BYTES) }) : error;

  return (
    <div
      className={`pdf-drop${over ? ' pdf-drop--over' : ''}${message ? ' pdf-drop--invalid' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <p className="pdf-drop__hint">{t('upload.drop')}</p>
      <input
        id={inputId}
        ref={ref}
        type="file"
        accept="application/pdf,.pdf"
        className="pdf-drop__input"
        aria-describedby={message ? messageId : undefined}
        aria-invalid={message ? true : undefined}
        onChange={(event) => take(event.target.files?.[0])}
      />
      {file && (
        <p className="pdf-drop__chosen">
          {t('upload.chosen', { name: file.name, size: fileSize(file.size) })}
        </p>
      )}
      {message && (
        <p id={messageId} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
