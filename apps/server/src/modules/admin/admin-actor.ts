import type { RequestMeta } from '../../context.ts';

/** The signed-in administrator behind a call, for rules (not on oneself) and audit rows. */
export interface AdminActor {
  adminId: string;
  /** `admin` and the staff permissions the administrator holds (what parts of an answer they see). */
  auths: readonly string[];
  meta: RequestMeta;
}
