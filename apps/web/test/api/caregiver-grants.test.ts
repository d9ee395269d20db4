import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setActingFor } from '../../src/api/acting-for.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { watchActingForRefusals } from '../../src/api/caregiver-grants.ts';

const PATIENT = '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b';
const refusal = (code: number) => new ApiError(404, { code, message: 'Items not found' });

afterEach(() => setActingFor(null));

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
