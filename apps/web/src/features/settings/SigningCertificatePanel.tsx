import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_REFUSALS,
  type CertificateRefusal,
  type SigningCertificateInfo,
  type SigningCertificateUpload,
} from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { showNotice } from '../../api/notice-store.ts';
import { DAY, formatDate } from '../../i18n/format.ts';
import { TextField } from '../../ui/TextField.tsx';
import { readBase64 } from '../../ui/read-file.ts';
import { useUploadSigningCertificate } from './settings-api.ts';

type Format = SigningCertificateUpload['format'];
type Field = 'content_base64' | 'passphrase' | 'certificate_pem' | 'private_key_pem';
type Errors = Partial<Record<Field, string>>;

/** A PKCS#12 file is a few KB; the server refuses more than 64 KB. */
const P12_MAX_BYTES = 64 * 1024;
const REFUSAL_BY_MESSAGE = new Map<string, CertificateRefusal>(
  Object.entries(CERTIFICATE_REFUSALS).map(([key, message]) => [message, key as CertificateRefusal]),
);

/** The server's refusal, translated by its catalogued message, on the field it names. */
function refusalErrors(error: unknown): Errors | null {
  if (!(error instanceof ApiError)) return null;
  const errors: Errors = {};
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
  const [format, setFormat] = useState<Format>('pkcs12');
  const [file, setFile] = useState<{ name: string; content_base64: string } | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [certificatePem, setCertificatePem] = useState('');
  const [privateKeyPem, setPrivateKeyPem] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const clear = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const pick = async (picked: File | undefined) => {
    clear('content_base64');
    if (!picked) return;
    if (picked.size > P12_MAX_BYTES) {
      setErrors((e) => ({ ...e, content_base64: 'settings.certificate.tooLarge' }));
      return;
    }
    setFile({ name: picked.name, content_base64: await readBase64(picked) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Errors = {};
    if (format === 'pkcs12' && !file) found.content_base64 = 'form.required';
    if (format === 'pem' && !certificatePem.trim()) found.certificate_pem = 'form.required';
    if (format === 'pem' && !privateKeyPem.trim()) found.private_key_pem = 'form.required';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.certificate-form [aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const body: SigningCertificateUpload =
      format === 'pkcs12'
        ? { format, content_base64: file!.content_base64, passphrase }
        : {
            format,
            certificate_pem: certificatePem,
            private_key_pem: privateKeyPem,
            ...(passphrase ? { passphrase } : {}),
          };
    upload.mutate(body, {
      onSuccess: () => {
        // Nothing secret stays in the page once the server holds it.
        setFile(null);
        setPassphrase('');
        setCertificatePem('');
        setPrivateKeyPem('');
        showNotice({ key: 'admin:notices.certificateSaved', tone: 'success', durationMs: 6_000 });
      },
      onError: (error) => {
        if (error instanceof NetworkError) return;
        const refused = refusalErrors(error);
        if (refused) setErrors(refused);
        else setFormError('errors.generic');
      },
    });
  };

  const pemField = (
    field: 'certificate_pem' | 'private_key_pem',
    value: string,
    set: (v: string) => void,
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${field}`}>
        {t(`settings.certificate.${field}`)}
      </label>
      <span className="field__hint" id={`${id}-${field}-hint`}>
        {t(`settings.certificate.hints.${field}`)}
      </span>
      <textarea
        id={`${id}-${field}`}
        name={field}
        className="field__input certificate-form__pem"
        rows={6}
        spellCheck={false}
        autoComplete="off"
        value={value}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={`${id}-${field}-hint${errors[field] ? ` ${id}-${field}-error` : ''}`}
        onChange={(e) => {
          set(e.target.value);
          clear(field);
        }}
      />
      {errors[field] && (
        <p className="field__error" id={`${id}-${field}-error`}>
          {t(errors[field]!)}
        </p>
      )}
    </div>
  );

  return (
    <section className="card settings-section certificate-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-section__title">
        {t('settings.certificate.title')}
      </h2>
      <p className="field__hint">{t('settings.certificate.intro')}</p>
      <h3 className="certificate-panel__subtitle">{t('settings.certificate.current')}</h3>
      {current ? <CertificateDetails info={current} /> : <p>{t('settings.certificate.none')}</p>}
      <h3 className="certificate-panel__subtitle">{t('settings.certificate.replace')}</h3>
      {formError && (
        <p className="form-alert form-alert--error" role="alert">
          {t(formError)}
        </p>
      )}
      <form className="certificate-form" noValidate onSubmit={submit}>
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
                  setFormat(option);
                  setErrors({});
                }}
              />
              {t(`settings.certificate.formats.${option}`)}
            </label>
          ))}
        </fieldset>
        {format === 'pkcs12' ? (
          <div className="field">
            <span className="field__label" id={`${id}-file-label`}>
              {t('settings.certificate.file')}
            </span>
            <span className="field__hint" id={`${id}-file-hint`}>
              {file
                ? t('settings.certificate.chosen', { name: file.name })
                : t('settings.certificate.hints.file')}
            </span>
            <input
              id={`${id}-file`}
              type="file"
              className="visually-hidden"
              accept=".p12,.pfx,application/x-pkcs12"
              aria-labelledby={`${id}-file-label`}
              aria-invalid={errors.content_base64 ? true : undefined}
              aria-describedby={`${id}-file-hint${errors.content_base64 ? ` ${id}-file-error` : ''}`}
              onChange={(e) => void pick(e.target.files?.[0])}
            />
            <label htmlFor={`${id}-file`} className="button button--secondary certificate-form__choose">
              {t('settings.certificate.choose')}
            </label>
            {errors.content_base64 && (
              <p className="field__error" id={`${id}-file-error`}>
                {t(errors.content_base64)}
              </p>
            )}
          </div>
        ) : (
          <>
            {pemField('certificate_pem', certificatePem, setCertificatePem)}
            {pemField('private_key_pem', privateKeyPem, setPrivateKeyPem)}
          </>
        )}
        <TextField
          label={t('settings.certificate.passphrase')}
          hint={t(`settings.certificate.hints.passphrase_${format}`)}
          name="certificate_passphrase"
          type="password"
          autoComplete="off"
          value={passphrase}
          onChange={(e) => {
            setPassphrase(e.target.value);
            clear('passphrase');
          }}
          error={errors.passphrase && t(errors.passphrase)}
        />
        <button type="submit" className="button button--primary" disabled={upload.isPending}>
          {upload.isPending ? t('common.working') : t('settings.certificate.submit')}
        </button>
      </form>
    </section>
  );
}
