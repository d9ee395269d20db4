import { z } from 'zod/mini';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@portal/protocol';

/**
 * The shapes the protocol's `mfaCode` accepts, one per way of answering. Written with zod's
 * tree-shakeable build: this step is part of the login page, which stays light on first load.
 */
export const mfaStepForms = {
  totp: z.object({ code: z.string().check(z.trim(), z.regex(TOTP_CODE_PATTERN)) }),
  recovery: z.object({
    recovery_code: z.string().check(z.trim(), z.toLowerCase(), z.regex(RECOVERY_CODE_PATTERN)),
  }),
};
