import {
  documentDetail,
  patientDocument,
  signingSession,
  type DocumentDetail,
  type PatientDocument,
  type SigningSession,
  type SignRequest,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';

// protocol.md §7 and §10 "Documents": every answer is sealed; the API client opens it and
// the protocol's schemas check it, so the screens work with typed values.

export async function fetchDocument(id: string): Promise<DocumentDetail> {
  return documentDetail.parse(await apiRequest({ method: 'GET', path: '/patient/document/', query: { id } }));
}

export async function fetchSigningSession(id: string): Promise<SigningSession> {
  return signingSession.parse(await apiRequest({ method: 'GET', path: '/patient/sign/', query: { id } }));
}

export async function actOnDocument(body: SignRequest): Promise<PatientDocument> {
  return patientDocument.parse(
    await apiRequest({ method: 'POST', path: '/patient/sign/', body: { ...body }, encryptBody: true }),
  );
}
