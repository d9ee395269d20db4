import type { TokenData } from '@portal/protocol';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { recordAudit } from '../audit/index.ts';
import { releaseSlot } from './lockout.ts';
import { createSession } from './session-queries.ts';
import { tokenResponse } from './token-response.ts';

/** The end of every successful login: its lockout slot given back, a session opened and audited, tokens issued. */
export async function startSession(ctx: AppContext, input: SessionStart): Promise<TokenData> {
  const session = await ctx.db.transaction((tx) => openSession(ctx, tx, input));
  return tokenResponse(ctx, { userId: input.userId, uid: input.uid, ...session });
}

interface SessionStart {
  userId: string;
  uid: string;
  meta: RequestMeta;
  detail?: Record<string, unknown>;
}

/** Inside the caller's transaction, so a login step that consumes something commits with the session. */
export async function openSession(
  ctx: AppContext,
  tx: Queryable,
  input: SessionStart,
): Promise<{ sessionId: string; refresh: string }> {
  await releaseSlot(ctx, tx, input.userId);
  const created = await createSession(ctx, tx, input);
  await recordAudit(tx, input.meta, {
    action: 'login',
    outcome: 'success',
    actorId: input.userId,
    detail: { session: created.sessionId, ...input.detail },
  });
  return created;
}
