import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DocumentLanguage, type TemplateDetail, type TemplateVersion } from '@portal/protocol';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { useFocusAfterClose } from '../../ui/use-focus-after-close.ts';
import { EditionEditor } from './EditionEditor.tsx';
import { EditionTextsForm } from './EditionTextsForm.tsx';
import { usePublishTemplate, useTemplate } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';
import { RetireDialog } from './RetireDialog.tsx';
import { SendDialog } from './SendDialog.tsx';
import { titleIn } from './template-title.ts';
import { VersionsTable } from './VersionsTable.tsx';
import '../../ui/admin-tables.css';
import './document-library.css';

/** The version the editor works on: the draft, else the one patients are sent, else the newest. */
function workingVersion(detail: TemplateDetail): TemplateVersion | undefined {
  return (
    detail.versions.find((v) => v.status === 'draft') ??
    detail.versions.find((v) => v.status === 'published') ??
    detail.versions[0]
  );
}

/** One template: its editions' fields and texts, its versions, publish and retire. */
export default function TemplateEditorPage() {
  const { t, i18n } = useTranslation('library');
  const { id = '' } = useParams();
  const template = useTemplate(id);
  const publish = usePublishTemplate();
  const [chosenLanguage, setLanguage] = useState<DocumentLanguage>();
  const [retiring, setRetiring] = useState(false);
  const [sending, setSending] = useState(false);
  const sendId = useId();
  const retireId = useId();
  useFocusAfterClose(sending, sendId);
  useFocusAfterClose(retiring, retireId);
  const detail = template.data;
  const version = detail && workingVersion(detail);

  if (!detail || !version) {
    return (
      <section className="admin-page">
        <PageHeading>{t('editor.title')}</PageHeading>
        <LibraryAlert error={template.error} />
        {template.isPending && <p>{t('editor.loading')}</p>}
      </section>
    );
  }

  // Until the administrator picks one, the edition of the language they read, when it exists.
  const language =
    chosenLanguage ??
    (i18n.language === 'cn' && version.editions.some((e) => e.language === 'cn') ? 'cn' : 'gb');
  const retired = detail.status === 'retired';
  const edition = version.editions.find((e) => e.language === language);

  return (
    <section className="admin-page template-editor">
      <p>
        <Link to="/document-library">{t('editor.back')}</Link>
      </p>
      <div className="admin-page__header">
        <PageHeading>{titleIn(detail, i18n.language)}</PageHeading>
        <div className="template-editor__actions">
          {version.status === 'draft' && (
            <button
              type="button"
              className="button button--primary"
              disabled={publish.isPending}
              onClick={() => publish.mutate({ id: detail.id, version: version.version })}
            >
              {t('editor.publish', { version: version.version })}
            </button>
          )}
          {detail.status === 'published' && (
            <button
              id={sendId}
              type="button"
              className="button button--secondary"
              onClick={() => setSending(true)}
            >
              {t('send.open')}
            </button>
          )}
          {!retired && (
            <button
              id={retireId}
              type="button"
              className="button button--secondary"
              onClick={() => setRetiring(true)}
            >
              {t('retire.open')}
            </button>
          )}
        </div>
      </div>
      <p className="template-editor__facts">
        {t('editor.facts', {
          kind: t(`templateKinds.${detail.kind}`),
          status: t(`status.${detail.status}`),
          version: version.version,
          versionStatus: t(`status.${version.status}`),
        })}
      </p>
      {version.status !== 'draft' && !retired && <p className="field__hint">{t('editor.nextDraft')}</p>}
      <LibraryAlert error={publish.error} />
      <fieldset className="template-editor__languages">
        <legend>{t('editor.edition')}</legend>
        {DocumentLanguage.options.map((option) => (
          <label key={option} className="field-editor__kind">
            <input
              type="radio"
              name="edition"
              value={option}
              checked={language === option}
              onChange={() => setLanguage(option)}
            />
            {t(`languages.${option}`)}
            {!version.editions.some((e) => e.language === option) && ` (${t('editor.missing')})`}
          </label>
        ))}
      </fieldset>
      {edition ? (
        <EditionEditor
          key={`${version.version}-${edition.language}`}
          templateId={detail.id}
          version={version.version}
          edition={edition}
          other={version.editions.find((e) => e.language !== edition.language)}
          readOnly={retired}
        />
      ) : (
        <p>{t('editor.noEdition', { edition: t(`languages.${language}`) })}</p>
      )}
      {!retired && (
        <EditionTextsForm
          key={`${version.version}-${language}-${edition ? 'edit' : 'add'}`}
          templateId={detail.id}
          language={language}
          edition={edition}
        />
      )}
      <VersionsTable versions={detail.versions} />
      {sending && (
        <SendDialog
          templateId={detail.id}
          title={titleIn(detail, i18n.language)}
          onClose={() => setSending(false)}
        />
      )}
      {retiring && <RetireDialog templateId={detail.id} onClose={() => setRetiring(false)} />}
    </section>
  );
}
