import { useTranslation } from 'react-i18next';
import type { DocumentLanguage } from '@portal/protocol';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { editionLang } from './edition-draft.ts';
import { PdfDrop } from './PdfDrop.tsx';

interface EditionFieldsProps {
  /** Where the edition sits in the form's values (`gb.`), empty when it is the whole form. */
  prefix?: string;
  language: DocumentLanguage;
  pdfLabel: string;
}

/** An edition's PDF, title and description, bound to the surrounding form. */
export function EditionFields({ prefix = '', language, pdfLabel }: EditionFieldsProps) {
  const { t } = useTranslation('library');
  const lang = editionLang(language);
  return (
    <>
      <PdfDrop name={`${prefix}file`} label={pdfLabel} />
      <FormTextField name={`${prefix}title`} label={t('upload.titleField')} maxLength={200} lang={lang} />
      <FormTextField
        name={`${prefix}description`}
        label={t('upload.description')}
        maxLength={2000}
        lang={lang}
      />
    </>
  );
}
