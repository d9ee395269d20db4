import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clinicAssignment,
  clinicAssignmentList,
  documentPdf,
  type AssignDocumentRequest,
  type DocumentAction,
  type DocumentTemplate,
  type SettingsView,
} from '@portal/protocol';
import { apiRequest } from '../../../api/client.ts';
import { holdsPermission, STAFF_PAGES } from '../../../api/staff-pages.ts';
import { useSession } from '../../../api/use-session.ts';
import { downloadPdf } from '../../../ui/download-pdf.ts';
import { useChartKey } from '../clinic-api.ts';

// The documents module's admin routes (permission manage_documents), read next to the chart's
// own documents read (read_chart) and kept under the same key, so a move refreshes both.

/** The patient's documents with the version each move must name; asked only by staff who may move them. */
export function useClinicAssignments(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...useChartKey(patientId), 'assignments'],
    queryFn: async () =>
      clinicAssignmentList.parse(
        await apiRequest({
          method: 'GET',
          path: '/admin/documents/assignments/',
          query: { patient_id: patientId },
        }),
      ),
    enabled,
    gcTime: 0,
  });
}

/**
 * Templates a patient can be asked to sign, and the clinic's default signing window (settings).
 * Only staff who may read the settings ask for them: for others the server answers 10403, and the
 * due date starts empty.
 */
export function useAssignChoices(patientId: string) {
  const key = useChartKey(patientId);
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

/** A write on the patient's documents: both reads of them (chart and assignments) are asked again. */
function useDocumentsMutation<Input, Output>(patientId: string, call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  const key = useChartKey(patientId);
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...key, 'documents'] }),
        client.invalidateQueries({ queryKey: [...key, 'assignments'] }),
      ]),
  });
}

/** send, accept, countersign or cancel, with the version seen (10409 when it moved meanwhile). */
export const useDocumentMove = (patientId: string) =>
  useDocumentsMutation(patientId, async (body: { id: string; action: DocumentAction; version: number }) =>
    clinicAssignment.parse(
      await apiRequest({
        method: 'POST',
        path: '/admin/documents/assignment/action/',
        body,
        encryptBody: true,
      }),
    ),
  );

export const useAssignDocument = (patientId: string) =>
  useDocumentsMutation(patientId, async (body: AssignDocumentRequest) =>
    clinicAssignmentList.parse(
      await apiRequest({
        method: 'POST',
        path: '/admin/documents/assignments/',
        body,
        encryptBody: true,
      }),
    ),
  );

/** The signed PDF as a file the browser saves (each download is audited by the server). */
export async function downloadSignedPdf(assignmentId: string): Promise<void> {
  const pdf = documentPdf.parse(
    await apiRequest({
      method: 'GET',
      path: '/admin/documents/assignment/pdf/',
      query: { id: assignmentId },
    }),
  );
  downloadPdf(pdf.pdf_base64, pdf.filename);
}
