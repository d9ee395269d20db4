import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { templateEditionRequest, type DocumentLanguage, type TemplateEdition } from '@portal/protocol';
import { Form } from '../../ui/form/Form.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { editionDraft, editionMessageOf } from './edition-draft.ts';
import { EditionFields } from './EditionFields.tsx';
import { useChangeEdition } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';

/** An added edition needs its PDF; a changed one keeps its own unless a new one is picked. */
const addedEdition = editionDraft;
const changedEdition = templateEditionRequest
  .pick({ title: true, description: true })
  .extend({ file: z.instanceof(File).optional() });

interface EditionTextsFormProps {
  templateId: string;
  language: DocumentLanguage;
  /** Absent: the edition is added, so its PDF is required. */
  edition?: TemplateEdition;
}

/** An edition's title and description, and a new PDF for it; the change goes to the draft. */
export function EditionTextsForm({ templateId, language, edition }: EditionTextsFormProps) {
  const { t } = useTranslation('library');
  const change = useChangeEdition();
  const form = useZodForm(edition ? changedEdition : addedEdition, {
    defaultValues: { title: edition?.title ?? '', description: edition?.description ?? '' },
    messageOf: editionMessageOf,
  });

  return (
    <Form
      form={form}
      ns="library"
      className="edition-texts"
      onValid={(value) =>
        change.mutate({ id: templateId, language, ...value }, { onSuccess: () => form.resetField('file') })
      }
    >
      <h3>{edition ? t('edition.change') : t('edition.add', { edition: t(`languages.${language}`) })}</h3>
      <LibraryAlert error={change.error} />
      <EditionFields language={language} pdfLabel={edition ? t('edition.newPdf') : t('upload.pdf')} />
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? t('editor.saving') : t('edition.save')}
      </button>
    </Form>
  );
}
