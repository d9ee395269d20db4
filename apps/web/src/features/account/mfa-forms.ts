import { z } from 'zod';
import {
  mfaDisableRequest,
  type MfaDisableRequest,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
} from '@portal/protocol';

/** Codes are 6 digits or xxxxx-xxxxx; a password is at least 12 characters, so one field serves both. */
const looksLikeCode = (text: string) =>
  TOTP_CODE_PATTERN.test(text) || RECOVERY_CODE_PATTERN.test(text.toLowerCase());

/** The one proof field, sent as the code or the password the protocol's request names. */
export const mfaDisableForm = z
  .object({ proof: z.string().refine((proof) => proof.trim() !== '') })
  .transform(({ proof }): MfaDisableRequest =>
    looksLikeCode(proof.trim()) ? { code: proof.trim() } : { password: proof },
  )
  .pipe(mfaDisableRequest);
