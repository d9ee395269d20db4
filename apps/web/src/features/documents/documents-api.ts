import {
  documentDetail,
  documentsPage,
  patientDocument,
  signingSession,
  type DocumentDetail,
  type DocumentKind,
  type DocumentsPage,
  type DocumentStatus,
  type PatientDocument,
  type SigningSession,
  type SignRequest,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';

// protocol.md §7 and §10 "Documents": every answer is sealed; the API client opens it and
// the protocol's schemas check it, so the screens work with typed values.

export interface DocumentsFilter {
  status?: DocumentStatus;
  kind?: DocumentKind;
  page: number;
}

export async function fetchDocuments(filter: DocumentsFilter): Promise<DocumentsPage> {
  return documentsPage.parse(
    await apiRequest({ method: 'GET', path: '/patient/documents/', query: { ...filter } }),
  );
}

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
