import { z } from 'zod';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@portal/protocol';

/** The shapes the protocol's `mfaCode` accepts, one per way of answering. */
export const mfaStepForms = {
  totp: z.object({ code: z.string().trim().regex(TOTP_CODE_PATTERN) }),
  recovery: z.object({ recovery_code: z.string().trim().toLowerCase().regex(RECOVERY_CODE_PATTERN) }),
};
