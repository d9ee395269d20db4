import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { DEMO_PATIENT, freshDatabase, startTestPortal, TestClock } from '../../testing/test-portal.ts';

/**
 * Mail leaves through the database outbox (modules/mail/mail-queue.ts), so a request
 * never waits for a mail server, and a message outlives the node that queued it. Node A cannot
 * reach its SMTP server and then goes away; node B, on the same database, sends what A queued.
 */
describe('the mail outbox', () => {
  it('keeps a message its node could not send, and another node sends it once the retry is due', async () => {
    const db = await freshDatabase();
    const clock = new TestClock();
    // Nothing listens on port 1: every send from node A fails at once.
    const a = await startTestPortal({ database: db.target, clock, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const c = a.client();
      await c.handshake();
      const answer = await c.send({
        method: 'POST',
        path: '/token/password/reset/',
        body: { email: DEMO_PATIENT.email },
      });
      expect(answer.status).toBe(200);
      await a.portal.mailQueue.drain();
      const [queued] = await a.portal.ctx.db.select().from(mailOutbox);
      expect(queued!.attempts).toBe(1);
      expect(queued!.notBefore.getTime()).toBeGreaterThan(clock.now().getTime());
      expect(a.logs.join('')).toContain('mail send failed; will retry');
    } finally {
      await a.close();
    }

    const b = await startTestPortal({ database: db.target, clock, env: { PORTAL_DEMO: '0' } });
    try {
      expect(await b.outbox()).toEqual([]);
      clock.advance(2 * 60_000);
      const mails = await b.outbox();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`To: ${DEMO_PATIENT.email}`);
      expect(mails[0]!.replace(/=\r?\n/g, '')).toMatch(/\/auth\/reset-password\?token=3D[\w-]+/);
      const [left] = await b.portal.ctx.db.select({ n: count() }).from(mailOutbox);
      expect(left!.n).toBe(0);
    } finally {
      await b.close();
      await db.drop();
    }
  });
});
