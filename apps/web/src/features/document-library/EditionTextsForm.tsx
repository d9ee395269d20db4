import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentLanguage, TemplateEdition } from '@portal/protocol';
import { TextField } from '../../ui/TextField.tsx';
import { useChangeEdition } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';
import { PdfDrop } from './PdfDrop.tsx';

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
  const [title, setTitle] = useState(edition?.title ?? '');
  const [description, setDescription] = useState(edition?.description ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'title' | 'file' | null>(null);
  const lang = language === 'cn' ? 'zh-CN' : 'en-GB';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = !title.trim() ? 'title' : !edition && !file ? 'file' : null;
    setProblem(missing);
    if (missing) return;
    change.mutate(
      {
        id: templateId,
        language,
        title: title.trim(),
        description: description.trim(),
        file: file ?? undefined,
      },
      { onSuccess: () => setFile(null) },
    );
  };

  return (
    <form className="edition-texts" onSubmit={submit} noValidate>
      <h3>{edition ? t('edition.change') : t('edition.add', { edition: t(`languages.${language}`) })}</h3>
      <LibraryAlert error={change.error} />
      <TextField
        label={t('upload.titleField')}
        value={title}
        maxLength={200}
        lang={lang}
        error={problem === 'title' ? t('upload.missingTitle') : undefined}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextField
        label={t('upload.description')}
        value={description}
        maxLength={2000}
        lang={lang}
        onChange={(e) => setDescription(e.target.value)}
      />
      <PdfDrop
        label={edition ? t('edition.newPdf') : t('upload.pdf')}
        file={file}
        onFile={setFile}
        error={problem === 'file' ? t('upload.missingPdf') : undefined}
      />
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? t('editor.saving') : t('edition.save')}
      </button>
    </form>
  );
}
