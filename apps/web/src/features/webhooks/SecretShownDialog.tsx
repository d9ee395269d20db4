import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../api/notice-store.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** The signing secret, shown this once after adding an endpoint or rotating its secret. */
export function SecretShownDialog({
  url,
  secret,
  onClose,
}: {
  url: string;
  secret: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    showNotice({ key: 'webhooks:notices.copied', tone: 'success', durationMs: 6_000 });
  };
  return (
    <Dialog title={t('secret.title')} onClose={onClose} describedBy={`${id}-once`}>
      <p>{t('secret.for', { url })}</p>
      <p id={`${id}-once`}>
        <strong>{t('secret.once')}</strong>
      </p>
      <div className="field">
        <label htmlFor={id} className="field__label">
          {t('secret.label')}
        </label>
        <div className="webhook-secret__row">
          <input
            id={id}
            className="field__input webhook-secret__value"
            value={secret}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            {t('secret.copy')}
          </button>
        </div>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('secret.done')}
        </button>
      </div>
    </Dialog>
  );
}
