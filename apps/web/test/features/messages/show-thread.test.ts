import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { PatientThread } from '@portal/protocol';
import { MESSAGE_QUERIES } from '../../../src/features/messages/message-queries.ts';
import { showThread } from '../../../src/features/messages/messages-api.ts';

const KEY = [...MESSAGE_QUERIES, 'patient'];

/** The patient's thread as the server answers it, holding these messages of the patient's. */
function threadOf(bodies: string[]): PatientThread {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'open',
    unread: 0,
    messages: bodies.map((body, index) => ({
      id: `00000000-0000-4000-8000-00000000001${index}`,
      author: 'patient',
      author_name: null,
      on_behalf_by: null,
      body,
      notice: null,
      attachment: null,
      created_at: '2026-11-27T08:00:00.000Z',
      read_at: null,
    })),
  };
}

describe('the thread a send answered', () => {
  test('stays shown when the panel’s first read of the thread answers after it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answerRead: (thread: PatientThread) => void = () => {};
    const read = client.fetchQuery({
      queryKey: KEY,
      queryFn: () => new Promise<PatientThread>((resolve) => (answerRead = resolve)),
    });

    await showThread(client, threadOf(['Are you open on Saturday?']));
    answerRead(threadOf([]));
    await read.catch(() => undefined);

    expect(client.getQueryData<PatientThread>(KEY)?.messages.map((m) => m.body)).toEqual([
      'Are you open on Saturday?',
    ]);
  });
});
