import { useQuery } from '@tanstack/react-query';
import type { PatientAssessmentRecord } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useUsersKey } from './use-users.ts';

// What the assessment module offers administrators about one patient, through its own admin
// endpoint (sealed: health data). The key sits under the users key, so an account change
// refreshes it too.

export function usePatientAssessment(patientId: string) {
  return useQuery({
    queryKey: [...useUsersKey(), 'bf_adl', patientId],
    queryFn: () =>
      apiRequest<PatientAssessmentRecord>({ method: 'GET', path: `/admin/patients/${patientId}/bf_adl/` }),
    gcTime: 0,
  });
}
