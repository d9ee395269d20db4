import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentPdf,
  userPage,
  type AdminUser,
  type AssignDocumentRequest,
  templateDetail,
  templateLibrary,
  type DocumentLanguage,
  type TemplateDetail,
  type TemplateEditionFieldsRequest,
  type TemplateLibraryQuery,
  type TemplatePublishRequest,
  type TemplateRetireRequest,
  type DocumentKind,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';
import { readBase64 } from '../../ui/read-file.ts';
import type { EditionDraft } from './edition-draft.ts';

// The clinic's documents and forms library (/admin/documents/library/..., manage_documents).

const LIBRARY = '/admin/documents/library';

/** Keys start with the signed-in account, so one administrator's view never shows for the next. */
function useLibraryKey() {
  return ['document-library', useSession()?.user.username ?? ''] as const;
}

export function useTemplates(filters: TemplateLibraryQuery) {
  return useQuery({
    queryKey: [...useLibraryKey(), 'list', filters],
    queryFn: async () =>
      templateLibrary.parse(await apiRequest({ method: 'GET', path: `${LIBRARY}/`, query: { ...filters } }))
        .items,
  });
}

export function useTemplate(id: string) {
  return useQuery({
    queryKey: [...useLibraryKey(), 'template', id],
    queryFn: async () =>
      templateDetail.parse(await apiRequest({ method: 'GET', path: `${LIBRARY}/template/`, query: { id } })),
  });
}

/** One edition's PDF, for the editor and its preview; a version's PDF never changes once published. */
export function useEditionPdf(id: string, version: number, language: DocumentLanguage) {
  return useQuery({
    queryKey: [...useLibraryKey(), 'pdf', id, version, language],
    queryFn: async () =>
      documentPdf.parse(
        await apiRequest({ method: 'GET', path: `${LIBRARY}/pdf/`, query: { id, version, language } }),
      ),
    staleTime: Infinity,
  });
}

export interface TemplateUpload {
  kind: DocumentKind;
  gb: EditionDraft;
  cn?: EditionDraft;
}

async function editionBody(edition: EditionDraft) {
  return {
    title: edition.title,
    description: edition.description,
    pdf_base64: await readBase64(edition.file),
  };
}

async function createTemplate(upload: TemplateUpload): Promise<TemplateDetail> {
  return templateDetail.parse(
    await apiRequest({
      method: 'POST',
      path: `${LIBRARY}/template/`,
      body: {
        kind: upload.kind,
        gb: await editionBody(upload.gb),
        ...(upload.cn ? { cn: await editionBody(upload.cn) } : {}),
      },
      encryptBody: true,
    }),
  );
}

export interface EditionChange {
  id: string;
  language: DocumentLanguage;
  title: string;
  description: string;
  file?: File;
}

async function changeEdition({ file, ...texts }: EditionChange): Promise<TemplateDetail> {
  return templateDetail.parse(
    await apiRequest({
      method: 'POST',
      path: `${LIBRARY}/edition/`,
      body: { ...texts, ...(file ? { pdf_base64: await readBase64(file) } : {}) },
      encryptBody: true,
    }),
  );
}

const post =
  <Body extends Record<string, unknown>>(path: string) =>
  async (body: Body): Promise<TemplateDetail> =>
    templateDetail.parse(
      await apiRequest({ method: 'POST', path: `${LIBRARY}/${path}/`, body: { ...body } }),
    );

/** A library write; the answer is the template as it now stands, so its view updates at once. */
function useLibraryMutation<Input>(call: (input: Input) => Promise<TemplateDetail>) {
  const client = useQueryClient();
  const key = useLibraryKey();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      client.setQueryData([...key, 'template', detail.id], detail);
      // Not awaited: the list is refetched when it is shown again; the write is done.
      void client.invalidateQueries({ queryKey: [...key, 'list'] });
    },
  });
}

export const useCreateTemplate = () => useLibraryMutation(createTemplate);
export const useChangeEdition = () => useLibraryMutation(changeEdition);
export const useSaveFields = () => useLibraryMutation(post<TemplateEditionFieldsRequest>('fields'));
export const usePublishTemplate = () => useLibraryMutation(post<TemplatePublishRequest>('publish'));
export const useRetireTemplate = () => useLibraryMutation(post<TemplateRetireRequest>('retire'));

/**
 * Every patient account, by name, for choosing whom to send a document (names: kept only while
 * shown). Caregiver-only accounts are no patients and cannot be sent one (decision 0032).
 */
export function usePatientsToChoose() {
  return useQuery({
    queryKey: [...useLibraryKey(), 'patients'],
    queryFn: async () => {
      const patients: AdminUser[] = [];
      for (let page = 1; ; page++) {
        const answer = userPage.parse(
          await apiRequest({
            method: 'GET',
            path: '/admin/users/',
            query: { kind: 'patient', sort: 'name', order: 'asc', page, page_size: 100 },
          }),
        );
        patients.push(...answer.items);
        if (patients.length >= answer.total || answer.items.length === 0) return patients;
      }
    },
    gcTime: 0,
  });
}

/** One chunk of patients sent the template's published version (the server takes up to 200). */
export function assignToPatients(body: AssignDocumentRequest): Promise<unknown> {
  return apiRequest({
    method: 'POST',
    path: '/admin/documents/assignments/',
    body: { ...body },
    encryptBody: true,
  });
}
