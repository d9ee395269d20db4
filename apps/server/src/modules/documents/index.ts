/** The documents module's public entry: what the demo seed and other modules may use. */
export { checkCertificateUpload } from './certificate-upload.ts';
export { documentHistory, referenceReads } from './document-history.ts';
export { loadDocumentFile, storeDocumentFile } from './file-store.ts';
export { recordDocumentEvent } from './move-document.ts';
export { runDocumentJobs } from './expiry-job.ts';
export {
  describeCertificate,
  replaceSigningCertificate,
  signingCertificateInfo,
} from './signing-certificate.ts';
export { rejectionReasonOf } from './views.ts';
