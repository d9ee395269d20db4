import type { OperationOutcome } from '@medplum/fhirtypes';

/** The FHIR issue types the API answers with, each with its HTTP status. */
const ISSUE_STATUS = {
  invalid: 400,
  login: 401,
  forbidden: 403,
  'not-found': 404,
  'not-supported': 405,
  throttled: 429,
  exception: 500,
} as const;
export type IssueType = keyof typeof ISSUE_STATUS;

/** A refusal of the FHIR API; the plugin answers it as an OperationOutcome with its status. */
export class FhirError extends Error {
  readonly status: number;
  constructor(
    readonly issue: IssueType,
    readonly diagnostics: string,
  ) {
    super(diagnostics);
    this.status = ISSUE_STATUS[issue];
  }
}

export function operationOutcome(issue: IssueType, diagnostics: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: issue === 'exception' ? 'fatal' : 'error', code: issue, diagnostics }],
  };
}
