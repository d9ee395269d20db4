import type { Role } from '@portal/protocol';
import { StorageKeys } from './storage-keys.ts';

export type { Role };

/** spec §3: the stored user info. `keep` remembers the keep-me-logged-in choice for refreshes. */
export interface UserInfo {
  refresh: string;
  expires: number;
  username: string;
  roles: Role[];
  auths: string[];
  first_name: string;
  insurance_type: string | null;
  keep: boolean;
  /** protocol.md §10: the clinic requires MFA of this administrator; only /account is open until set up. */
  mfa_setup_required?: boolean;
}

/** spec §6: the roles list defaults to user and admin when nothing is stored. */
export const DEFAULT_ROLES: readonly Role[] = ['user', 'admin'];

function asRoles(value: unknown): Role[] {
  const roles = Array.isArray(value) ? value.filter((r): r is Role => r === 'user' || r === 'admin') : [];
  return roles.length > 0 ? roles : [...DEFAULT_ROLES];
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function readUserInfo(): UserInfo | null {
  const raw = localStorage.getItem(StorageKeys.userInfo);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    return {
      refresh: typeof v.refresh === 'string' ? v.refresh : '',
      expires: typeof v.expires === 'number' ? v.expires : 0,
      username: typeof v.username === 'string' ? v.username : '',
      roles: asRoles(v.roles),
      auths: asStrings(v.auths),
      first_name: typeof v.first_name === 'string' ? v.first_name : '',
      insurance_type: typeof v.insurance_type === 'string' ? v.insurance_type : null,
      keep: v.keep === true,
      mfa_setup_required: v.mfa_setup_required === true,
    };
  } catch {
    return null;
  }
}

export function writeUserInfo(info: UserInfo): void {
  localStorage.setItem(StorageKeys.userInfo, JSON.stringify(info));
}

export function clearUserInfo(): void {
  localStorage.removeItem(StorageKeys.userInfo);
}
