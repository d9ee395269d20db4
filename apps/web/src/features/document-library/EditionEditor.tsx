import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentField, DocumentLanguage, TemplateDetail, TemplateEdition } from '@portal/protocol';
import { CopyFieldsButton } from './CopyFieldsButton.tsx';
import { FieldEditor } from './FieldEditor.tsx';
import { useEditionPdf, useSaveFields } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';
import { usePdfPages } from './pdf-pages.ts';
import { TemplatePreview } from './TemplatePreview.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

interface EditionEditorProps {
  templateId: string;
  version: number;
  edition: TemplateEdition;
  /** The other language's edition of the same version, when there is one: its fields may be copied. */
  other?: TemplateEdition;
  /** A retired template's history is read, never changed. */
  readOnly: boolean;
}

/** The fields the server now holds for this language, in the version it answered with first (the draft). */
function savedFields(detail: TemplateDetail, language: DocumentLanguage): DocumentField[] | undefined {
  const draft = detail.versions.find((v) => v.status === 'draft') ?? detail.versions[0];
  return draft?.editions.find((e) => e.language === language)?.fields;
}

/** One edition's pages: its fields placed in the editor, saved to the draft, or previewed. */
export function EditionEditor({ templateId, version, edition, other, readOnly }: EditionEditorProps) {
  const { t } = useTranslation('library');
  const pdf = useEditionPdf(templateId, version, edition.language);
  const { pages, failed } = usePdfPages(pdf.data?.pdf_base64);
  const save = useSaveFields();
  const [fields, setFields] = useState<DocumentField[]>(edition.fields);
  const [previewing, setPreviewing] = useState(readOnly);
  const changed = JSON.stringify(fields) !== JSON.stringify(edition.fields);

  return (
    <div className="edition-editor">
      <div className="edition-editor__actions">
        {!readOnly && (
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={previewing}
            onClick={() => setPreviewing(!previewing)}
          >
            {t('editor.preview')}
          </button>
        )}
        {!readOnly && !previewing && (
          <button
            type="button"
            className="button button--primary"
            disabled={!changed || save.isPending}
            onClick={() =>
              save.mutate(
                { id: templateId, language: edition.language, fields },
                // What the server stored is what the editor shows from now on.
                { onSuccess: (detail) => setFields(savedFields(detail, edition.language) ?? fields) },
              )
            }
          >
            {save.isPending ? t('editor.saving') : t('editor.save')}
          </button>
        )}
        {!readOnly && !previewing && pages && other && other.fields.length > 0 && (
          <CopyFieldsButton
            templateId={templateId}
            version={version}
            from={other}
            toPages={pages.map((page) => page.size)}
            replacing={fields.length}
            onCopy={(copied) => setFields(copied.fields)}
          />
        )}
        {changed && !readOnly && <span className="edition-editor__unsaved">{t('editor.unsaved')}</span>}
      </div>
      <LibraryAlert error={save.error ?? pdf.error} />
      <FormAlert message={failed && t('editor.pdfFailed')} />
      {!pages && !failed && <p>{t('editor.loading')}</p>}
      {pages &&
        (previewing ? (
          <TemplatePreview pages={pages} fields={fields} />
        ) : (
          <FieldEditor pages={pages} fields={fields} onChange={setFields} />
        ))}
    </div>
  );
}
