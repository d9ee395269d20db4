import type { RequestMeta } from '../../context.ts';

/** The signed-in administrator behind a call, for rules (not on oneself) and audit rows. */
export interface AdminActor {
  adminId: string;
  meta: RequestMeta;
}
