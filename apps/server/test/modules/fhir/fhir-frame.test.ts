import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal();
});
afterAll(() => t.close());

describe('the FHIR API frame', () => {
  it('refuses a request without a bearer token with 401 and an OperationOutcome', async () => {
    const res = await fetch(`${t.baseUrl}/fhir/R4/Patient`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/fhir+json');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = await res.json();
    expect(body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'login' }] });
  });

  it('refuses an unknown token the same way', async () => {
    const res = await fetch(`${t.baseUrl}/fhir/R4/Patient`, { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
  });
});
