// The documents module's public entry: what other modules (the clinic workspace) may use.
export { documentHistory, referenceReads } from './document-history.ts';
export { rejectionReasonOf } from './views.ts';
