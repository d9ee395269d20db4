import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentKind } from '@portal/protocol';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useCreateTemplate, type EditionUpload } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';
import { TEMPLATE_KINDS } from './library-types.ts';
import { PdfDrop } from './PdfDrop.tsx';

type Language = 'gb' | 'cn';
interface EditionDraft {
  file: File | null;
  title: string;
  description: string;
}
const EMPTY: EditionDraft = { file: null, title: '', description: '' };

type Problems = Partial<Record<`${Language}.${'file' | 'title'}` | 'cn', string>>;

/** gb is required; cn is all or nothing (a Chinese edition is its own PDF with its own title). */
function problemsOf(gb: EditionDraft, cn: EditionDraft): Problems {
  const problems: Problems = {};
  if (!gb.file) problems['gb.file'] = 'upload.missingPdf';
  if (!gb.title.trim()) problems['gb.title'] = 'upload.missingTitle';
  const cnStarted = Boolean(cn.file || cn.title.trim() || cn.description.trim());
  if (cnStarted && !(cn.file && cn.title.trim())) problems.cn = 'upload.cnIncomplete';
  return problems;
}

const edition = (draft: EditionDraft): EditionUpload => ({
  title: draft.title.trim(),
  description: draft.description.trim(),
  file: draft.file!,
});

/** A new template: its kind and its English edition, and a Chinese one if the clinic has it. */
export function UploadTemplateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const upload = useCreateTemplate();
  const [kind, setKind] = useState<DocumentKind>('signature');
  const [drafts, setDrafts] = useState<Record<Language, EditionDraft>>({ gb: EMPTY, cn: EMPTY });
  const [problems, setProblems] = useState<Problems>({});
  const change = (language: Language, part: Partial<EditionDraft>) =>
    setDrafts((old) => ({ ...old, [language]: { ...old[language], ...part } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(drafts.gb, drafts.cn);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    upload.mutate(
      { kind, gb: edition(drafts.gb), cn: drafts.cn.file ? edition(drafts.cn) : undefined },
      {
        onSuccess: (template) => {
          onClose();
          void navigate(`/document-library/${template.id}`);
        },
      },
    );
  };

  return (
    <Dialog title={t('upload.title')} onClose={onClose} className="upload-dialog">
      <form onSubmit={submit} noValidate className="upload-template">
        <LibraryAlert error={upload.error} />
        <fieldset className="upload-template__kind">
          <legend>{t('upload.kind')}</legend>
          {TEMPLATE_KINDS.map((option) => (
            <label key={option} className="checkbox">
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
              {t(`templateKinds.${option}`)}
            </label>
          ))}
        </fieldset>
        {(['gb', 'cn'] as const).map((language) => (
          <fieldset key={language} className="upload-template__edition">
            <legend>{t(`upload.${language}`)}</legend>
            {language === 'cn' && problems.cn && (
              <p className="field__error" role="alert">
                {t(problems.cn)}
              </p>
            )}
            <PdfDrop
              label={t('upload.pdf')}
              file={drafts[language].file}
              onFile={(file) => change(language, { file })}
              error={problems[`${language}.file`] && t(problems[`${language}.file`]!)}
            />
            <TextField
              label={t('upload.titleField')}
              value={drafts[language].title}
              maxLength={200}
              lang={language === 'cn' ? 'zh-CN' : 'en-GB'}
              error={problems[`${language}.title`] && t(problems[`${language}.title`]!)}
              onChange={(e) => change(language, { title: e.target.value })}
            />
            <TextField
              label={t('upload.description')}
              value={drafts[language].description}
              maxLength={2000}
              lang={language === 'cn' ? 'zh-CN' : 'en-GB'}
              onChange={(e) => change(language, { description: e.target.value })}
            />
          </fieldset>
        ))}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('upload.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={upload.isPending}>
            {upload.isPending ? t('upload.working') : t('upload.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
