import { assessmentState, BF_ADL_INSTRUMENT, type Answers, type AssessmentState } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';

// protocol.md §10 "BF-ADL assessment": the answer is sealed and the body is sent sealed; the
// API client does both. The answer is parsed with the protocol's schema.

export async function fetchAssessment(): Promise<AssessmentState> {
  return assessmentState.parse(await apiRequest({ method: 'GET', path: '/patient/bf_adl/' }));
}

export interface AnswersToSave {
  version: number;
  answers: Answers;
  draft: boolean;
}

/** The server scores a submission; a draft only keeps the answers given so far. */
export async function saveAssessment({ version, answers, draft }: AnswersToSave): Promise<AssessmentState> {
  return assessmentState.parse(
    await apiRequest({
      method: 'POST',
      path: '/patient/bf_adl/',
      body: { instrument: BF_ADL_INSTRUMENT, version, answers, draft },
      encryptBody: true,
      // Drafts save in the background: no progress bar, and a dropped connection is reported
      // beside the form rather than by leaving the page for the network-issue screen.
      progress: !draft,
      reportNetwork: !draft,
    }),
  );
}
