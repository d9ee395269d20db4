import { Link } from 'react-router';
import { pdfFilename } from '@portal/protocol';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { fetchDocument } from './documents-api.ts';
import { downloadPdf } from '../../ui/download-pdf.ts';
import { DAY, formatDate } from '../../i18n/format.ts';
import { EditionNote, editionLang } from './EditionNote.tsx';
import { useDocuments } from './use-documents.ts';
import { useDocumentsText } from './use-documents-text.ts';
import './documents.css';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/** spec §2 /welcome/reference-documents: the clinic's guides and leaflets, to read and to keep. */
export default function ReferenceDocumentsPage() {
  const { t, i18n, owner } = useDocumentsText();
  const documents = useDocuments({ kind: 'reference', page: 1 });
  const download = async (id: string, title: string) => {
    const doc = await fetchDocument(id);
    downloadPdf(doc.pdf_base64, pdfFilename(title, false));
  };

  return (
    <div className="documents">
      <PageHeading>{t('reference.title')}</PageHeading>
      <p>{owner('reference.intro')}</p>
      <FormAlert message={documents.isError && owner('loadError')} />
      {documents.data?.items.length === 0 && <p className="documents__empty">{t('reference.empty')}</p>}
      <ul className="documents__list">
        {documents.data?.items.map((doc) => (
          <li key={doc.id} className="card document-row">
            <div className="document-row__main">
              <h2 className="document-row__title" lang={editionLang(doc)}>
                {doc.title}
              </h2>
              {doc.description && (
                <p className="document-row__description" lang={editionLang(doc)}>
                  {doc.description}
                </p>
              )}
              <p className="document-row__read">
                {doc.read_at
                  ? t('reference.readOn', { date: formatDate(new Date(doc.read_at), i18n.language, DAY) })
                  : t('reference.unread')}
              </p>
              <EditionNote document={doc} />
            </div>
            <div className="document-row__actions">
              <Link className="button button--secondary" to={`/welcome/documents/${doc.id}`}>
                {t('reference.read')}
                <span className="visually-hidden">: {doc.title}</span>
              </Link>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void download(doc.id, doc.title)}
              >
                {t('detail.download')}
                <span className="visually-hidden">: {doc.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
