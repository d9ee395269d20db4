import { Codes, passwordPolicy, ProtocolError } from '@portal/protocol';

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
