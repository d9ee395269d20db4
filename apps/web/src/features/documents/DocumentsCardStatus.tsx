import { useDocuments } from './use-document-list.ts';
import { useDocumentsText } from './use-documents-text.ts';

/** The welcome card's status: how many documents await the patient's signature. */
export function AwaitingSignatureCardStatus() {
  const { owner } = useDocumentsText();
  const { data } = useDocuments({ kind: 'signature', status: 'pending_signature', page: 1 });
  if (!data) return null;
  const count = data.counts.pending_signature;
  return <>{count > 0 ? owner('card.awaiting', { count }) : owner('card.noneAwaiting')}</>;
}

/** The welcome card's status: how many reference documents the patient has not opened yet. */
export function ReferenceCardStatus() {
  const { t, owner } = useDocumentsText();
  const { data } = useDocuments({ kind: 'reference', page: 1 });
  if (!data) return null;
  if (data.total === 0) return <>{t('reference.empty')}</>;
  return <>{data.unread > 0 ? t('card.toRead', { count: data.unread }) : owner('card.allRead')}</>;
}
