/** The documents module's public entry: what the demo seed and other modules may use. */
export { createAssignments, OPEN_DOCUMENT_STATUSES } from './assign-documents.ts';
export { documentHistory, referenceReads } from './document-history.ts';
export { findPublished, listAssignments } from './document-queries.ts';
export { recordDocumentEvent } from './move-document.ts';
export { runDocumentJobs } from './expiry-job.ts';
export { rejectionReasonOf } from './views.ts';
