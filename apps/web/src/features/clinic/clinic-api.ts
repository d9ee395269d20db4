import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cardContent,
  chartAssessments,
  chartDocuments,
  chartIntakeAnswer,
  reviewState,
  type IntakeSection,
  type ReviewRequest,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

// The chart's sections are read one by one (each read is audited on the server as that
// section) and never kept after the page closes: health data stays in memory only while shown.

export function useChartKey(patientId: string) {
  return ['clinic-chart', useSession()?.user.username ?? '', patientId] as const;
}

const chartPath = (patientId: string, section: string) => `/admin/patients/${patientId}/chart/${section}/`;

export function useIntakeSection<S extends IntakeSection>(patientId: string, section: S) {
  return useQuery({
    queryKey: [...useChartKey(patientId), section],
    queryFn: async () =>
      chartIntakeAnswer(section).parse(
        await apiRequest({ method: 'GET', path: chartPath(patientId, section) }),
      ),
    gcTime: 0,
  });
}

export function useChartAssessments(patientId: string) {
  return useQuery({
    queryKey: [...useChartKey(patientId), 'bf_adl'],
    queryFn: async () =>
      chartAssessments.parse(await apiRequest({ method: 'GET', path: chartPath(patientId, 'bf_adl') })),
    gcTime: 0,
  });
}

/** Read only for staff who may read the chart (`enabled`): the patient page shows documents to others too. */
export function useChartDocuments(patientId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...useChartKey(patientId), 'documents'],
    queryFn: async () =>
      chartDocuments.parse(await apiRequest({ method: 'GET', path: chartPath(patientId, 'documents') })),
    enabled,
    gcTime: 0,
  });
}

/** A card image as handed in, fetched only once someone asks to see it. */
export function useChartCard(patientId: string, sha256: string, enabled: boolean) {
  return useQuery({
    queryKey: [...useChartKey(patientId), 'card', sha256],
    queryFn: async () =>
      cardContent.parse(
        await apiRequest({
          method: 'GET',
          path: `/admin/patients/${patientId}/chart/insurance/card/`,
          query: { sha256 },
        }),
      ),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
  });
}

export function useReviewState(patientId: string) {
  return useQuery({
    queryKey: [...useChartKey(patientId), 'review'],
    queryFn: async () =>
      reviewState.parse(await apiRequest({ method: 'GET', path: `/admin/patients/${patientId}/review/` })),
    gcTime: 0,
  });
}

/** Records a review; the chart's sections are read again, since a review changes what is open. */
export function useSubmitReview(patientId: string) {
  const client = useQueryClient();
  const key = useChartKey(patientId);
  return useMutation({
    mutationFn: async (body: ReviewRequest) =>
      reviewState.parse(
        await apiRequest({
          method: 'POST',
          path: `/admin/patients/${patientId}/review/`,
          body: { ...body },
          encryptBody: true,
        }),
      ),
    onSuccess: (state) => client.setQueryData([...key, 'review'], state),
  });
}

/** Takes back "reviewed" on the newest hand-in (decision 0014, "Reopening a review"). */
export function useReopenReview(patientId: string) {
  const client = useQueryClient();
  const key = useChartKey(patientId);
  return useMutation({
    mutationFn: async () =>
      reviewState.parse(
        await apiRequest({ method: 'POST', path: `/admin/patients/${patientId}/review/reopen/` }),
      ),
    onSuccess: (state) => client.setQueryData([...key, 'review'], state),
  });
}
