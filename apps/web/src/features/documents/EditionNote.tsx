import { useTranslation } from 'react-i18next';
import type { PatientDocument } from '@portal/protocol';
import { LANGUAGE_TAGS } from '../../i18n/locale.ts';

/** The patient reads Chinese but this document has only its English edition: say so, briefly. */
export function EditionNote({ document }: { document: Pick<PatientDocument, 'edition_fallback'> }) {
  const { t } = useTranslation('documents');
  if (!document.edition_fallback) return null;
  return <p className="document__note document__note--edition">{t('edition.fallback')}</p>;
}

/** The BCP 47 tag of the edition's language, for its title, description and text. */
export const editionLang = (document: Pick<PatientDocument, 'language'>) => LANGUAGE_TAGS[document.language];
