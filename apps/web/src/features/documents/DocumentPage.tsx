import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { pdfFilename } from '@portal/protocol';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { formatDate } from '../../i18n/format.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { downloadPdf } from '../../ui/download-pdf.ts';
import { EditionNote, editionLang } from './EditionNote.tsx';
import { SignedNote } from './SignedNote.tsx';
import { SigningPanel } from './SigningPanel.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useDocument } from './use-documents.ts';
import { useDocumentsText } from './use-documents-text.ts';
import { useRenderedInSlices } from '../../ui/use-rendered-in-slices.ts';
import './documents.css';

// pdf.js loads with the first document opened, never with the login page.
const PdfViewer = lazy(() => import('../../ui/PdfViewer.tsx'));

const OUTCOME = { signed: 'sign.done', submitted: 'sign.submitted', rejected: 'reject.done' } as const;

/** One document: what it is, the PDF itself, and the patient's next move if there is one. */
export default function DocumentPage() {
  const { id = '' } = useParams();
  // A view per document, so its deferred value never shows the last document under this address.
  return <DocumentView key={id} id={id} />;
}

function DocumentView({ id }: { id: string }) {
  const { t, i18n, owner } = useDocumentsText();
  const query = useDocument(id);
  // Decision 0023: a caregiver who may see documents but not sign them gets no Sign or Decline.
  const maySign = useActingFor().may('sign_documents');
  // The document's first render: its dates, the signing form and the signature pad.
  const doc = useRenderedInSlices(query.data);
  const back = doc?.kind === 'reference' ? '/welcome/reference-documents' : '/welcome/documents';

  if (query.isError) {
    return (
      <div className="document">
        <PageHeading>{t('detail.notFound')}</PageHeading>
        <Link to="/welcome/documents">{t('detail.back')}</Link>
      </div>
    );
  }
  if (!doc) return <p className="pdf-viewer__loading">{t('viewer.loading')}</p>;
  const outcome = doc.status && doc.status in OUTCOME ? OUTCOME[doc.status as keyof typeof OUTCOME] : null;
  const signable = maySign && doc.actions.some((action) => action === 'sign' || action === 'submit');

  return (
    <div className="document">
      <Link className="document__back" to={back}>
        {t('detail.back')}
      </Link>
      <PageHeading title={doc.title}>
        <span lang={editionLang(doc)}>{doc.title}</span>
      </PageHeading>
      <EditionNote document={doc} />
      <div className="document__summary">
        {doc.status && <StatusBadge status={doc.status} />}
        {doc.due_at && doc.status === 'pending_signature' && (
          <span>
            {t('due', {
              date: formatDate(new Date(doc.due_at), i18n.language, {
                dateStyle: 'long',
                timeStyle: 'short',
              }),
            })}
          </span>
        )}
      </div>
      {doc.description && <p lang={editionLang(doc)}>{doc.description}</p>}
      {outcome && (
        <p className="form-alert form-alert--success" role="status">
          {/* The thanks for a signature is to whoever signed, a representative too. */}
          {outcome === 'sign.done' ? t(outcome) : owner(outcome)}
        </p>
      )}
      {doc.rejection_reason && <p>{owner('detail.reason', { reason: doc.rejection_reason })}</p>}
      <SignedNote document={doc} />
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => downloadPdf(doc.pdf_base64, pdfFilename(doc.title, doc.file === 'signed'))}
        >
          {t(doc.file === 'signed' ? 'detail.downloadSigned' : 'detail.download')}
        </button>
      </p>
      <Suspense fallback={<p className="pdf-viewer__loading">{t('viewer.loading')}</p>}>
        <PdfViewer title={doc.title} pdfBase64={doc.pdf_base64} />
      </Suspense>
      {signable && <SigningPanel document={doc} />}
    </div>
  );
}
