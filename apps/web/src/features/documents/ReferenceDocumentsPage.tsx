import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { fetchDocument } from './documents-api.ts';
import { downloadPdf } from '../../ui/download-pdf.ts';
import { pdfFilename } from './pdf-download.ts';
import { useDocuments } from './use-documents.ts';
import './documents.css';

/** spec §2 /welcome/reference-documents: the clinic's guides and leaflets, to read and to keep. */
export default function ReferenceDocumentsPage() {
  const { t } = useTranslation('documents');
  const documents = useDocuments({ kind: 'reference', page: 1 });
  const download = async (id: string, title: string) => {
    const doc = await fetchDocument(id);
    downloadPdf(doc.pdf_base64, pdfFilename(title, false));
  };

  return (
    <div className="documents">
      <PageHeading>{t('reference.title')}</PageHeading>
      <p>{t('reference.intro')}</p>
      {documents.isError && (
        <p className="form-alert form-alert--error" role="alert">
          {t('loadError')}
        </p>
      )}
      {documents.data?.items.length === 0 && <p className="documents__empty">{t('reference.empty')}</p>}
      <ul className="documents__list">
        {documents.data?.items.map((doc) => (
          <li key={doc.id} className="card document-row">
            <div className="document-row__main">
              <h2 className="document-row__title">{doc.title}</h2>
              {doc.description && <p className="document-row__description">{doc.description}</p>}
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
