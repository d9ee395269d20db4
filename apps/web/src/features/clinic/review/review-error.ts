import { Codes, INTAKE_CONFLICTS } from '@portal/protocol';
import { ApiError } from '../../../api/api-error.ts';

/** The `clinic` key of a failed review's message: the protocol's own 10409 messages name the rule. */
export function reviewErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.code === Codes.conflict) {
    if (error.body.message === INTAKE_CONFLICTS.nothingNewToReview) return 'review.conflicts.nothingNew';
    if (error.body.message === INTAKE_CONFLICTS.nothingHandedIn) return 'review.conflicts.nothingHandedIn';
    if (error.body.message === INTAKE_CONFLICTS.nothingToReopen) return 'review.conflicts.nothingToReopen';
  }
  return 'review.failed';
}
