import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@portal/protocol/testing';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { codeOf } from '../../../testing/answers.ts';

let t: TestPortal;
let patient: PortalClient;
let anonymous: PortalClient;
beforeAll(async () => {
  t = await startTestPortal();
  patient = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
  anonymous = t.client();
  await anonymous.handshake();
});
afterAll(() => t.close());

const API = '/backend/api/v1';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every admin route the app has, read from its own OpenAPI description: a route added
 * tomorrow is checked without anyone remembering to list it here.
 */
function adminRoutes(): { method: 'GET' | 'POST'; path: string }[] {
  const spec = t.portal.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths)
    .filter(([path]) => path.startsWith(`${API}/admin/`))
    .flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m): m is 'get' | 'post' => m === 'get' || m === 'post')
        .map((m) => ({
          method: m.toUpperCase() as 'GET' | 'POST',
          path: path.slice(API.length).replace(/\{[^}]+\}/g, SOME_ID),
        })),
    );
}

describe('admin routes', () => {
  it('are found in the OpenAPI description, users, settings and audit among them', () => {
    const paths = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /admin/users/',
        'GET /admin/user/',
        'POST /admin/users/invite/',
        'POST /admin/users/action/',
        'POST /admin/users/access/',
        'GET /admin/settings/',
        'POST /admin/settings/',
        'GET /admin/audit/',
        'GET /admin/audit/export/',
      ]),
    );
  });

  it('every one refuses a patient token with 10403', async () => {
    for (const route of adminRoutes()) {
      const answer = await patient.send({ ...route, body: route.method === 'POST' ? {} : undefined });
      expect([route.path, answer.status, codeOf(answer)]).toEqual([route.path, 403, 10403]);
    }
  });

  it('every one refuses a call without a token with 10401', async () => {
    for (const route of adminRoutes()) {
      const answer = await anonymous.send({
        ...route,
        auth: false,
        body: route.method === 'POST' ? {} : undefined,
      });
      expect([route.path, answer.status, codeOf(answer)]).toEqual([route.path, 401, 10401]);
    }
  });
});
