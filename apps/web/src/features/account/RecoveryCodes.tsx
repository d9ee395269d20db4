import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown once: copy, download, then done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const text = codes.join('\n');

  // The step replaces the form the focus was in: move it to the new content.
  useEffect(() => headingRef.current?.focus(), []);

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="account-recovery">
      <h3 className="account-recovery__title" ref={headingRef} tabIndex={-1}>
        {t('recovery.title')}
      </h3>
      <p className="form-alert form-alert--success" role="status">
        {t('recovery.enabled')}
      </p>
      <p>{t('recovery.intro')}</p>
      <ul className="account-recovery__codes" aria-label={t('recovery.title')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="account-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
        >
          {t('recovery.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={download}>
          {t('recovery.download')}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('recovery.done')}
        </button>
      </div>
      <p role="status" className="account-copied">
        {copied ? t('recovery.copied') : ''}
      </p>
    </div>
  );
}
