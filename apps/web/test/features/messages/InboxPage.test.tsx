import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { InboxPage as InboxAnswer, InboxThread } from '@portal/protocol';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import InboxPage from '../../../src/features/messages/InboxPage.tsx';

const STAFF = 'sam.staff@clinic.example';

function thread(
  n: number,
  first_name: string,
  last_name: string,
  account: InboxThread['account'] = 'patient',
): InboxThread {
  const id = `6c2b1a09-8f7e-4d6c-9b5a-${String(n).padStart(12, '0')}`;
  return {
    id,
    patient: {
      id: `7d3c2b1a-9f8e-4d7c-8b6a-${String(n).padStart(12, '0')}`,
      name: `${first_name} ${last_name}`,
      first_name,
      last_name,
    },
    account,
    status: 'open',
    unread: 1,
    last_message_at: '2026-11-20T10:15:00.000Z',
    assignee: null,
  };
}

/** The inbox's answer under the key its query asks for. */
function inboxAt(query: { q?: string }, items: InboxThread[]) {
  const answer: InboxAnswer = {
    items,
    total: items.length,
    page: 1,
    page_size: 25,
    unread_total: items.length,
  };
  return [['messages', 'inbox', { ...query, page: 1, page_size: 25 }], answer] as const;
}

const mira = thread(1, 'Mira', 'Lang');
const otto = thread(2, 'Otto', 'Berg');

const renderInbox = (locale: 'gb' | 'cn' = 'gb') =>
  renderScreen(<InboxPage />, {
    url: '/messages',
    locale,
    data: [inboxAt({}, [mira, otto]), inboxAt({ q: 'knee' }, [mira])],
    staff: { email: STAFF, auths: ['answer_messages'] },
  });

describe('the inbox search', () => {
  test('is labelled, says what it searches, and runs from the keyboard', async () => {
    await page.viewport(1280, 900);
    const screen = await renderInbox();
    const search = screen.getByRole('searchbox', { name: 'Find a conversation' });
    await expect
      .element(search)
      .toHaveAccessibleDescription('The start of the patient’s name, or words from the newest messages.');
    await expect.element(screen.getByText('Otto Berg')).toBeVisible();
    await search.click();
    await userEvent.keyboard('knee{Enter}');
    await expect.element(screen.getByText('Otto Berg')).not.toBeInTheDocument();
    await expect.element(screen.getByText('Mira Lang')).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('reads in Chinese and fits a phone', async () => {
    await page.viewport(390, 844);
    const screen = await renderInbox('cn');
    const search = screen.getByRole('searchbox', { name: '查找对话' });
    await expect.element(search).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '搜索' })).toBeVisible();
    expect(
      screen.getByRole('button', { name: '搜索' }).element().getBoundingClientRect().right,
    ).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(screen.container);
  });
});

describe('a conversation with a caregiver-only account (decision 0033)', () => {
  const dana = thread(3, 'Dana', 'Carer', 'caregiver');
  const danaThread = [
    ['messages', 'thread', dana.id],
    {
      ...dana,
      messages: [
        {
          id: '8e4d3c2b-1a0f-4e9d-8c7b-000000000001',
          author: 'patient',
          author_name: null,
          on_behalf_by: null,
          body: 'Can I come to my mother’s appointment?',
          notice: null,
          attachment: null,
          created_at: '2026-11-20T10:15:00.000Z',
          read_at: null,
        },
      ],
    },
  ] as const;

  for (const [locale, named] of [
    ['gb', 'Dana Carer (caregiver)'],
    ['cn', 'Dana Carer（照护人）'],
  ] as const) {
    test(`names the writer as a caregiver, not a patient (${locale})`, async () => {
      await page.viewport(1280, 900);
      const screen = await renderScreen(<InboxPage />, {
        url: `/messages?thread=${dana.id}`,
        locale,
        data: [inboxAt({}, [mira, dana]), danaThread],
        staff: { email: STAFF, auths: ['answer_messages'] },
      });
      const list = screen.getByRole('list').first();
      await expect
        .element(list.getByRole('button', { name: new RegExp(named.replace(/[()]/g, '\\$&')) }))
        .toBeVisible();
      await expect
        .element(screen.getByRole('heading', { level: 2, name: new RegExp(`Dana Carer`) }))
        .toHaveTextContent(named);
      await expect
        .element(screen.getByRole('listitem').filter({ hasText: 'appointment' }))
        .toHaveTextContent(named);
      await expect
        .element(screen.getByRole('button', { name: /Mira Lang/ }))
        .not.toHaveTextContent(/caregiver|照护人/);
      await expectNoAxeViolations(screen.container);
    });
  }
});
