import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignDocumentRequest,
  ClinicAssignment,
  DocumentAction,
  DocumentPdf,
  DocumentTemplate,
  PatientAssessmentRecord,
  SettingsView,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useUsersKey } from './use-users.ts';
import { downloadPdf } from '../../ui/download-pdf.ts';
import { holdsPermission, STAFF_PAGES } from '../../api/staff-pages.ts';
import { useSession } from '../../api/use-session.ts';

// What the assessment and documents modules offer administrators about one patient, through
// their own admin endpoints (sealed: health data). Keys sit under the users key, so an account
// change refreshes them too.

export function usePatientAssessment(patientId: string) {
  return useQuery({
    queryKey: [...useUsersKey(), 'bf_adl', patientId],
    queryFn: () =>
      apiRequest<PatientAssessmentRecord>({ method: 'GET', path: `/admin/patients/${patientId}/bf_adl/` }),
    gcTime: 0,
  });
}

export function usePatientDocuments(patientId: string) {
  return useQuery({
    queryKey: [...useUsersKey(), 'documents', patientId],
    queryFn: () =>
      apiRequest<{ items: ClinicAssignment[] }>({
        method: 'GET',
        path: '/admin/documents/assignments/',
        query: { patient_id: patientId },
      }),
    gcTime: 0,
  });
}

/**
 * Templates a patient can be asked to sign, and the clinic's default signing window (settings).
 * Only staff who may read the settings ask for them: for others the server answers 10403, and the
 * due date starts empty.
 */
export function useAssignChoices() {
  const key = useUsersKey();
  const readsSettings = holdsPermission(useSession(), STAFF_PAGES.settings.permission);
  const templates = useQuery({
    queryKey: [...key, 'signature-templates'],
    queryFn: async () =>
      (
        await apiRequest<{ items: DocumentTemplate[] }>({
          method: 'GET',
          path: '/admin/documents/templates/',
        })
      ).items.filter((template) => template.kind === 'signature'),
  });
  const settings = useQuery({
    queryKey: [...key, 'settings'],
    queryFn: () => apiRequest<SettingsView>({ method: 'GET', path: '/admin/settings/' }),
    enabled: readsSettings,
  });
  return { templates, signingWindowDays: settings.data?.values.signing_window_days };
}

function useRecordsMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  const key = useUsersKey();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

/** send, accept, countersign or cancel, with the version seen (10409 when it moved meanwhile). */
export const useDocumentMove = () =>
  useRecordsMutation((body: { id: string; action: DocumentAction; version: number }) =>
    apiRequest<ClinicAssignment>({
      method: 'POST',
      path: '/admin/documents/assignment/action/',
      body,
      encryptBody: true,
    }),
  );

export const useAssignDocument = () =>
  useRecordsMutation((body: AssignDocumentRequest) =>
    apiRequest<{ items: ClinicAssignment[] }>({
      method: 'POST',
      path: '/admin/documents/assignments/',
      body,
      encryptBody: true,
    }),
  );

/** The signed PDF as a file the browser saves (each download is audited by the server). */
export async function downloadSignedPdf(id: string): Promise<void> {
  const pdf = await apiRequest<DocumentPdf>({
    method: 'GET',
    path: '/admin/documents/assignment/pdf/',
    query: { id },
  });
  downloadPdf(pdf.pdf_base64, pdf.filename);
}
