import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../api/use-session.ts';
import { fetchAssessment, saveAssessment, type AnswersToSave } from './assessment-api.ts';

// The key starts with the signed-in account, so one person's answers are never shown to the
// next person on the same tab; `gcTime: 0` drops the health data once no screen shows it.
function useAssessmentKey() {
  return ['assessment', useSession()?.user.username ?? '', 'bf_adl'] as const;
}

/** The BF-ADL definition, the patient's draft, history and due date. */
export function useBfAdlAssessment() {
  return useQuery({ queryKey: useAssessmentKey(), queryFn: fetchAssessment, gcTime: 0 });
}

/** Saves a draft or submits; the answer is the new state, written straight into the cache. */
export function useSaveBfAdl() {
  const client = useQueryClient();
  const key = useAssessmentKey();
  return useMutation({
    mutationFn: (body: AnswersToSave) => saveAssessment(body),
    onSuccess: (state) => client.setQueryData(key, state),
  });
}
