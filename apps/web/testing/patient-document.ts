import type { PatientDocument, SigningSession } from '@portal/protocol';

/** A consent form waiting for the patient's signature, as the documents list answers it. */
export function patientDocument(change: Partial<PatientDocument> = {}): PatientDocument {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    kind: 'signature',
    title: 'Consent to treatment',
    description: '',
    status: 'pending_signature',
    due_at: null,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    actions: ['sign', 'reject'],
    signed: false,
    rejection_reason: null,
    template_version: 1,
    language: 'gb',
    edition_fallback: false,
    read_at: null,
    ...change,
  };
}

/** The signing session the server opens for `document`: no fields to fill, only the consent. */
export function signingSessionOf(document: SigningSession['document'], signerName: string): SigningSession {
  return { document, fields: [], consent_text: 'I agree to sign electronically', signer_name: signerName };
}
