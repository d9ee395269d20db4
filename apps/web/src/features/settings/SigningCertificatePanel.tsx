import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import {
  CERTIFICATE_REFUSALS,
  signingCertificateUpload,
  type CertificateRefusal,
  type SigningCertificateInfo,
} from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { showNotice } from '../../api/notice-store.ts';
import { DAY, formatDate } from '../../i18n/format.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormTextArea } from '../../ui/form/FormTextArea.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { isBlank } from '../../ui/form/issue-message.ts';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { readBase64 } from '../../ui/read-file.ts';
import { useUploadSigningCertificate } from './settings-api.ts';

type Field = 'content_base64' | 'passphrase' | 'certificate_pem' | 'private_key_pem';

/** Both formats' fields are held, so switching back keeps what was typed; the upload takes its format's. */
const EMPTY = {
  format: 'pkcs12',
  content_base64: '',
  passphrase: '',
  certificate_pem: '',
  private_key_pem: '',
} as const;

/** A PKCS#12 file is a few KB; the server refuses more than 64 KB. */
const P12_MAX_BYTES = 64 * 1024;
const REFUSAL_BY_MESSAGE = new Map<string, CertificateRefusal>(
  Object.entries(CERTIFICATE_REFUSALS).map(([key, message]) => [message, key as CertificateRefusal]),
);

/** The server's refusal, translated by its catalogued message, on the field it names. */
function refusalErrors(error: unknown): Partial<Record<Field, string>> | null {
  if (!(error instanceof ApiError)) return null;
  const errors: Partial<Record<Field, string>> = {};
  for (const e of error.body.errors ?? []) {
    const refusal = REFUSAL_BY_MESSAGE.get(e.message ?? '');
    errors[e.path as Field] = refusal ? `settings.certificate.refusals.${refusal}` : 'errors.generic';
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function CertificateDetails({ info }: { info: SigningCertificateInfo }) {
  const { t, i18n } = useTranslation('admin');
  const day = (iso: string) => formatDate(new Date(iso), i18n.language, DAY);
  const rows: [string, string][] = [
    [t('settings.certificate.subject'), info.subject],
    [t('settings.certificate.issuer'), info.self_signed ? t('settings.certificate.selfSigned') : info.issuer],
    [
      t('settings.certificate.validity'),
      t('settings.certificate.validityRange', { from: day(info.not_before), to: day(info.not_after) }),
    ],
    [t('settings.certificate.fingerprint'), info.fingerprint_sha256],
    [t('settings.certificate.installed'), day(info.installed_at)],
  ];
  return (
    <dl className="certificate-details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The document-signing certificate: what is in use (never the key), and a write-only upload of
 * a PKCS#12 file or PEM certificate and key. The server checks it and it signs the next document.
 */
export function SigningCertificatePanel({ current }: { current: SigningCertificateInfo | null }) {
  const { t } = useTranslation('admin');
  const upload = useUploadSigningCertificate();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(signingCertificateUpload, {
    defaultValues: EMPTY,
    // The file is picked with a hidden input: focus goes to what carries the mark.
    shouldFocusError: false,
    messageOf: (issue) => (isBlank(issue.input) ? { key: 'form.required' } : undefined),
  });
  const format = useWatch({ control: form.control, name: 'format' });
  // What the hint names; the file itself is the form's `content_base64`.
  const [fileName, setFileName] = useState('');
  const certificateForm = () => document.querySelector<HTMLFormElement>('.certificate-form');

  const pick = async (picked: File | undefined) => {
    form.clearErrors('content_base64');
    if (!picked) return;
    if (picked.size > P12_MAX_BYTES) {
      form.setError('content_base64', { message: 'settings.certificate.tooLarge' });
      return;
    }
    form.setValue('content_base64', await readBase64(picked));
    setFileName(picked.name);
  };

  return (
    <section className="card settings-section certificate-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-section__title">
        {t('settings.certificate.title')}
      </h2>
      <p className="field__hint">{t('settings.certificate.intro')}</p>
      <h3 className="certificate-panel__subtitle">{t('settings.certificate.current')}</h3>
      {current ? <CertificateDetails info={current} /> : <p>{t('settings.certificate.none')}</p>}
      <h3 className="certificate-panel__subtitle">{t('settings.certificate.replace')}</h3>
      <FormAlert message={formError && t(formError)} />
      <Form
        form={form}
        ns="admin"
        className="certificate-form"
        onInvalid={() => focusFirstInvalid(certificateForm())}
        onValid={(certificate) => {
          setFormError(null);
          // A PEM key without a passphrase is sent without one.
          const { passphrase, ...rest } = certificate;
          upload.mutate(passphrase || rest.format === 'pkcs12' ? certificate : rest, {
            onSuccess: () => {
              // Nothing secret stays in the page once the server holds it.
              form.reset({ ...EMPTY, format: certificate.format });
              setFileName('');
              showNotice({ key: 'admin:notices.certificateSaved', tone: 'success', durationMs: 6_000 });
            },
            onError: (error) => {
              if (error instanceof NetworkError) return;
              const refused = refusalErrors(error);
              if (!refused) setFormError('errors.generic');
              for (const [field, message] of Object.entries(refused ?? {})) {
                form.setError(field as Field, { message });
              }
            },
          });
        }}
      >
        <fieldset className="certificate-form__formats">
          <legend className="field__label">{t('settings.certificate.format')}</legend>
          {(['pkcs12', 'pem'] as const).map((option) => (
            <label key={option} className="certificate-form__format">
              <input
                type="radio"
                name="certificate_format"
                value={option}
                checked={format === option}
                onChange={() => {
                  form.setValue('format', option);
                  form.clearErrors();
                }}
              />
              {t(`settings.certificate.formats.${option}`)}
            </label>
          ))}
        </fieldset>
        {format === 'pkcs12' ? (
          <CertificateFile fileName={fileName} onPick={(file) => void pick(file)} />
        ) : (
          <>
            {(['certificate_pem', 'private_key_pem'] as const).map((field) => (
              <FormTextArea
                key={field}
                name={field}
                label={t(`settings.certificate.${field}`)}
                hint={t(`settings.certificate.hints.${field}`)}
                className="certificate-form__pem"
                rows={6}
                spellCheck={false}
                autoComplete="off"
              />
            ))}
          </>
        )}
        <FormTextField
          label={t('settings.certificate.passphrase')}
          hint={t(`settings.certificate.hints.passphrase_${format}`)}
          name="passphrase"
          type="password"
          autoComplete="off"
        />
        <button type="submit" className="button button--primary" disabled={upload.isPending}>
          {upload.isPending ? t('common.working') : t('settings.certificate.submit')}
        </button>
      </Form>
    </section>
  );
}

/** The PKCS#12 file, picked with a button-styled label; its content is the form's `content_base64`. */
function CertificateFile({
  fileName,
  onPick,
}: {
  fileName: string;
  onPick: (file: File | undefined) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const error = useFieldMessage('content_base64');
  return (
    <div className="field">
      <span className="field__label" id={`${id}-file-label`}>
        {t('settings.certificate.file')}
      </span>
      <span className="field__hint" id={`${id}-file-hint`}>
        {fileName
          ? t('settings.certificate.chosen', { name: fileName })
          : t('settings.certificate.hints.file')}
      </span>
      <input
        id={`${id}-file`}
        type="file"
        className="visually-hidden"
        accept=".p12,.pfx,application/x-pkcs12"
        aria-labelledby={`${id}-file-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-file-hint${error ? ` ${id}-file-error` : ''}`}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
      <label htmlFor={`${id}-file`} className="button button--secondary certificate-form__choose">
        {t('settings.certificate.choose')}
      </label>
      {error && (
        <p className="field__error" id={`${id}-file-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
