import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { useRetireTemplate } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';

/** Asks before a template is retired (it can no longer be sent); cancel has the focus first. */
export function RetireDialog({ templateId, onClose }: { templateId: string; onClose: () => void }) {
  const { t } = useTranslation('library');
  const retire = useRetireTemplate();
  const bodyId = useId();
  return (
    <Dialog title={t('retire.title')} onClose={onClose} role="alertdialog" describedBy={bodyId}>
      <p id={bodyId}>{t('retire.body')}</p>
      <LibraryAlert error={retire.error} />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose} autoFocus>
          {t('upload.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={retire.isPending}
          onClick={() => retire.mutate({ id: templateId }, { onSuccess: onClose })}
        >
          {t('retire.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
