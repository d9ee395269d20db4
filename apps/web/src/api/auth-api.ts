import type { Locale, MfaChallenge, TokenData } from '@portal/protocol';
import { apiRequest } from './client.ts';
import { clearSession, storeTokens } from './session.ts';

export interface Credentials {
  email: string;
  password: string;
  keepLoggedIn: boolean;
}

export type LoginOutcome =
  { kind: 'signed-in'; roles: TokenData['roles'] } | { kind: 'mfa-required'; mfaToken: string };

/** spec §4, §7: a fresh handshake, then the password sealed under a per-request salt. */
export async function login({ email, password, keepLoggedIn }: Credentials): Promise<LoginOutcome> {
  const result = await apiRequest<TokenData | MfaChallenge>({
    method: 'POST',
    path: '/token/',
    body: { email, password },
    secretField: 'password',
    auth: false,
    freshHandshake: true,
  });
  if (result.mfa) return { kind: 'mfa-required', mfaToken: result.mfa_token };
  storeTokens(result, keepLoggedIn);
  return { kind: 'signed-in', roles: result.roles };
}

export interface MfaAnswer {
  mfaToken: string;
  /** The authenticator's 6-digit code or a recovery code. */
  code: string;
  keepLoggedIn: boolean;
}

/** protocol.md §5: the login's second step, on the same handshake as the password step. */
export async function completeMfa({ mfaToken, code, keepLoggedIn }: MfaAnswer): Promise<void> {
  const tokens = await apiRequest<TokenData>({
    method: 'POST',
    path: '/token/mfa/',
    body: { mfa_token: mfaToken, code },
    auth: false,
  });
  storeTokens(tokens, keepLoggedIn);
}

/** spec §4: logout revokes server-side, then always clears everything local. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<unknown>({ method: 'POST', path: '/token/logout/', reportNetwork: false });
  } catch {
    // The local session ends whether or not the server could be told.
  } finally {
    clearSession('logout');
  }
}

export interface SignupDetails {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  locale: Locale;
}

export async function signup(details: SignupDetails): Promise<void> {
  await apiRequest<unknown>({
    method: 'POST',
    path: '/token/signup/',
    body: { ...details, agree_terms: true },
    secretField: 'password',
    auth: false,
  });
}

export async function verifyEmail(token: string): Promise<void> {
  await apiRequest<unknown>({ method: 'POST', path: '/token/verify-email/', body: { token }, auth: false });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest<unknown>({ method: 'POST', path: '/token/password/reset/', body: { email }, auth: false });
}

export async function confirmPasswordReset(token: string, newPassword: string): Promise<void> {
  await apiRequest<unknown>({
    method: 'POST',
    path: '/token/password/reset/confirm/',
    body: { token, new_password: newPassword },
    secretField: 'new_password',
    auth: false,
  });
}
