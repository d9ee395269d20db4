import { useTranslation } from 'react-i18next';
import type { DocumentDetail } from '@portal/protocol';

/** The signed copy's note, naming the representative when a caregiver signed (decision 0023). */
export function SignedNote({ document }: { document: Pick<DocumentDetail, 'file' | 'signed_on_behalf_by'> }) {
  const { t } = useTranslation('documents');
  if (document.file !== 'signed') return null;
  return (
    <>
      {document.signed_on_behalf_by && (
        <p className="document__note">{t('detail.signedOnBehalf', { name: document.signed_on_behalf_by })}</p>
      )}
      <p className="document__note">{t('detail.signedNote')}</p>
    </>
  );
}
