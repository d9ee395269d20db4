import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaregiversOverview } from '@portal/protocol';
import { getActingFor, setActingFor } from '../../src/api/acting-for.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { login } from '../../src/api/auth-api.ts';
import { reconcileActingFor, watchActingForRefusals } from '../../src/api/caregiver-grants.ts';
import { dismissNotice, getNotices } from '../../src/api/notice-store.ts';
import { clearSession } from '../../src/api/session.ts';
import { FakePortalServer } from '../../testing/fake-portal-server.ts';

const PATIENT = '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b';
const refusal = (code: number) => new ApiError(404, { code, message: 'Items not found' });

afterEach(() => {
  setActingFor(null);
  clearSession('logout');
  vi.unstubAllGlobals();
  for (const notice of getNotices()) dismissNotice(notice.id);
});

describe('a refusal while acting for someone (decision 0023)', () => {
  async function refusalsHeard(actingFor: string | null, code: number) {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    setActingFor(actingFor);
    let heard = 0;
    const stop = watchActingForRefusals(client, () => heard++);
    await client
      .fetchQuery({ queryKey: ['read'], queryFn: () => Promise.reject(refusal(code)) })
      .catch(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(refusal(code)) })
      .execute(undefined)
      .catch(() => {});
    stop();
    return heard;
  }

  it('is heard from a read and a write answering 10404 while another record is open', async () => {
    expect(await refusalsHeard(PATIENT, 10404)).toBe(2);
  });

  it('is not heard on one’s own record, nor for another code', async () => {
    expect(await refusalsHeard(null, 10404)).toBe(0);
    expect(await refusalsHeard(PATIENT, 10403)).toBe(0);
  });
});

describe('a grant that ended while its record was open', () => {
  /** The notice heard after the open record's grant is gone, for an account with or without a record of its own. */
  async function noticeAfterEnd(isPatient: boolean) {
    const server = new FakePortalServer();
    const overview: CaregiversOverview = {
      given: [],
      received: [],
      representative_signing_allowed: true,
      is_patient: isPatient,
    };
    server.answers.set('/account/caregivers/', overview);
    vi.stubGlobal('fetch', server.fetch);
    await login({ email: 'sam@example.com', password: 'Correct horse 12', keepLoggedIn: false });
    setActingFor(PATIENT);
    const left = await reconcileActingFor(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    return { left, acting: getActingFor(), keys: getNotices().map((n) => n.key) };
  }

  it('sends a patient back to their own record, and says so', async () => {
    expect(await noticeAfterEnd(true)).toEqual({ left: true, acting: null, keys: ['caregiverAccessEnded'] });
  });

  it('tells a caregiver-only account where the people it helps are, not of a record it has not got', async () => {
    expect(await noticeAfterEnd(false)).toEqual({
      left: true,
      acting: null,
      keys: ['caregiverOnlyAccessEnded'],
    });
  });
});
