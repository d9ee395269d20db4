import { Codes, passwordPolicy, ProtocolError } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { loadSettings } from '../settings/index.ts';

/** Applied after decryption: the policy is the same zod schema the web form uses. */
export function assertPasswordPolicy(password: string, field: string): void {
  const result = passwordPolicy.safeParse(password);
  if (!result.success) {
    throw new ProtocolError(
      Codes.validation,
      undefined,
      result.error.issues.map((issue) => ({ path: field, message: issue.message })),
    );
  }
}

/**
 * The protocol's policy, then the clinic's own minimum (settings: password_min_length), which
 * may ask for more than the protocol's 12 characters. Read on every call: a change made on one
 * node holds on every node at once.
 */
export async function assertClinicPasswordPolicy(
  ctx: AppContext,
  password: string,
  field: string,
): Promise<void> {
  assertPasswordPolicy(password, field);
  const { password_min_length } = await loadSettings(ctx);
  if ([...password].length < password_min_length) {
    const message = `Password must be at least ${password_min_length} characters`;
    throw new ProtocolError(Codes.validation, message, [{ path: field, message }]);
  }
}
