import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, Codes } from '@portal/protocol';
import { PortalClient, type PortalResponse } from '@portal/protocol/testing';
import {
  processDatabase,
  spawnServer,
  type ProcessDatabase,
  type ServerProcess,
} from '../../testing/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { DEMO_PATIENT } from '../../testing/test-portal.ts';
import { markedValue } from '../../testing/reliability.ts';

/** The outage: the database unreachable for 10 s of real time. */
const OUTAGE_MS = 10_000;
/**
 * No request may hang: an answer within this bound, or the probe counts as a hang. A silent
 * link costs a transaction up to two query timeouts (the statement, then its rollback).
 */
const ANSWER_BOUND_MS = 30_000;
const RECOVERY_BOUND_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client whose every request is aborted after the bound, so a hang fails the test instead of stalling it. */
const boundedClient = (baseUrl: string) =>
  new PortalClient({
    baseUrl,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(ANSWER_BOUND_MS) }),
  });

// Only PostgreSQL is a separate server that can go away; PGlite lives inside the process.
describe.skipIf(!process.env.DATABASE_URL)('database unreachable for 10 s', () => {
  let db: ProcessDatabase;
  let link: TcpProxy;
  let node: ServerProcess;

  beforeAll(async () => {
    db = await processDatabase();
    const direct = new URL(db.env.DATABASE_URL!);
    link = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(link.port);
    node = await spawnServer({ ...db.env, DATABASE_URL: proxied.toString() });
  }, 120_000);
  afterAll(async () => {
    await node?.stop();
    await link?.close();
    await db?.drop();
  }, 60_000);

  // Reset: the database server is stopped, connections are refused. Silent: a network path
  // drops packets, nothing is refused, only the portal's own timeouts notice.
  it.each([
    ['reset', () => link.cut()],
    ['silent', () => link.stall()],
  ] as const)(
    'link %s: answers 503 with code 10503 to every request while it lasts, then recovers by itself',
    async (_mode, goDown) => {
      const patient = boundedClient(node.url);
      await patient.handshake();
      await patient.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
      const { version } = await patient.get<{ version: number }>('/patient/profile/');

      const probes: Record<string, () => Promise<PortalResponse>> = {
        'read sealed intake': () => patient.send({ method: 'GET', path: '/patient/profile/' }),
        'save sealed intake': () =>
          patient.send({
            method: 'POST',
            path: '/patient/profile/',
            body: { version, value: markedValue('profile', version + 1) },
            encrypt: true,
          }),
        'event poll': () => patient.send({ method: 'GET', path: '/patient/event/' }),
        'token refresh': () =>
          patient.send({ method: 'POST', path: '/token/refresh/', body: { refresh: patient.refreshToken } }),
        handshake: () =>
          boundedClient(node.url)
            .handshake()
            .then(() => ({ status: 200, body: {}, data: undefined })),
      };
      const answers: string[] = [];
      const probe = async ([name, send]: [string, () => Promise<PortalResponse>]) => {
        const answer = await send().catch((error: unknown) =>
          error instanceof ApiError
            ? { status: error.status, body: error.body }
            : { status: 0, body: { code: error instanceof Error ? error.name : String(error) } },
        );
        answers.push(`${name}: ${answer.status} ${(answer.body as { code?: unknown }).code}`);
      };
      const readiness = async () => {
        const ready = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
        answers.push(`readyz: ${ready.status}`);
      };
      goDown();
      const until = Date.now() + OUTAGE_MS;
      while (Date.now() < until) {
        await Promise.all([...Object.entries(probes).map(probe), readiness()]);
        await sleep(500);
      }
      link.restore();

      const expected = (answer: string) =>
        answer.startsWith('readyz') ? 'readyz: 503' : `${answer.split(':')[0]}: 503 ${Codes.unavailable}`;
      expect(answers.length).toBeGreaterThan(Object.keys(probes).length);
      expect(answers).toEqual(answers.map(expected));

      // Nobody restarts anything: the same process serves again once the link is back.
      const deadline = Date.now() + RECOVERY_BOUND_MS;
      let recovered = await patient.send({ method: 'GET', path: '/patient/profile/' });
      while (recovered.status !== 200 && Date.now() < deadline) {
        await sleep(250);
        recovered = await patient.send({ method: 'GET', path: '/patient/profile/' });
      }
      expect(recovered.status).toBe(200);
      expect((await probes['save sealed intake']!()).status).toBe(200);
      expect((await probes['event poll']!()).status).toBe(200);
      await boundedClient(node.url).handshake();
      expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
      expect(node.output()).not.toMatch(/unhandled|uncaught/i);
    },
    OUTAGE_MS + ANSWER_BOUND_MS + RECOVERY_BOUND_MS + 60_000,
  );
});
