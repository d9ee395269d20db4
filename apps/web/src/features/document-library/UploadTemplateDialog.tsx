import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { templateCreateRequest } from '@portal/protocol';
import { Dialog } from '../../ui/Dialog.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { editionDraft, editionMessageOf, optionalEditionDraft } from './edition-draft.ts';
import { EditionFields } from './EditionFields.tsx';
import { useCreateTemplate } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';
import { TEMPLATE_KINDS } from './library-types.ts';

/** gb is required; cn is all or nothing (a Chinese edition is its own PDF with its own title). */
const uploadForm = templateCreateRequest.pick({ kind: true }).extend({
  gb: editionDraft,
  cn: optionalEditionDraft,
});

/** A new template: its kind and its English edition, and a Chinese one if the clinic has it. */
export function UploadTemplateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const upload = useCreateTemplate();
  const form = useZodForm(uploadForm, {
    defaultValues: {
      kind: 'signature',
      gb: { title: '', description: '' },
      cn: { title: '', description: '' },
    },
    messageOf: editionMessageOf,
  });

  return (
    <Dialog title={t('upload.title')} onClose={onClose} className="upload-dialog">
      <Form
        form={form}
        ns="library"
        className="upload-template"
        onValid={(value) =>
          upload.mutate(value, {
            onSuccess: (template) => {
              onClose();
              void navigate(`/document-library/${template.id}`);
            },
          })
        }
      >
        <LibraryAlert error={upload.error} />
        <fieldset className="upload-template__kind">
          <legend>{t('upload.kind')}</legend>
          {TEMPLATE_KINDS.map((option) => (
            <label key={option} className="checkbox">
              <input type="radio" value={option} {...form.register('kind')} />
              {t(`templateKinds.${option}`)}
            </label>
          ))}
        </fieldset>
        {(['gb', 'cn'] as const).map((language) => (
          <fieldset key={language} className="upload-template__edition">
            <legend>{t(`upload.${language}`)}</legend>
            <EditionFields prefix={`${language}.`} language={language} pdfLabel={t('upload.pdf')} />
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
      </Form>
    </Dialog>
  );
}
