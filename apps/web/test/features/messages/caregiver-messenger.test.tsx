import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { CaregiversOverview, PatientThread } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import { MessengerHost } from '../../../src/features/messages/index.ts';
import { builtInMessenger } from '../../../src/features/messages/messenger.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { PUBLIC_CONFIG, sessionOf } from '../../../testing/signed-in.ts';
import { margaretGrant } from '../../../testing/acting-for.ts';

const SESSION = sessionOf();

const MARGARET = margaretGrant(['view_intake']);

const EMPTY_THREAD: PatientThread = { id: null, status: 'open', messages: [], unread: 0 };

/** What the layout's hooks read from the cache: the clinic's settings, the grants, an empty thread. */
const answers = (isPatient: boolean) => [
  [['public-config'], PUBLIC_CONFIG] as const,
  [
    ['caregivers', '', 'overview'],
    { given: [], received: [MARGARET], representative_signing_allowed: false, is_patient: isPatient },
  ] as const satisfies readonly [unknown, CaregiversOverview],
  [['messages', 'patient'], EMPTY_THREAD] as const,
];

afterEach(() => {
  builtInMessenger.close();
  setActingFor(null);
});

describe('the messenger of a caregiver-only account (decision 0033)', () => {
  for (const [locale, bubble, empty] of [
    [
      'gb',
      'Open messages with the clinic',
      'Ask the clinic anything about your account or the people you help.',
    ],
    ['cn', '打开与诊所的消息', '您可以向诊所咨询有关您的账户或您所协助人员的任何问题。'],
  ] as const) {
    test(`lets it write to the clinic from its own account (${locale})`, async () => {
      await page.viewport(390, 844);
      const screen = await renderScreen(<MessengerHost session={SESSION} />, {
        locale,
        data: answers(false),
      });
      await screen.getByRole('button', { name: bubble }).click();
      const panel = screen.getByRole('dialog');
      await expect.element(panel).toBeVisible();
      await expect.element(panel.getByText(empty, { exact: false })).toBeVisible();
      await expect.element(panel.getByRole('textbox')).toBeVisible();
      await expectNoAxeViolations(screen.container);
    });
  }

  test('acting for someone whose grant does not let it write, it has no messenger for that record', async () => {
    setActingFor(MARGARET.patient_id);
    const screen = await renderScreen(<MessengerHost session={SESSION} />, { data: answers(false) });
    await expect
      .element(screen.getByRole('button', { name: 'Open messages with the clinic' }))
      .not.toBeInTheDocument();
  });

  test('a patient keeps the patient’s words', async () => {
    const screen = await renderScreen(<MessengerHost session={SESSION} />, { data: answers(true) });
    await screen.getByRole('button', { name: 'Open messages with the clinic' }).click();
    await expect
      .element(screen.getByText('Ask the clinic anything about your care or your account.', { exact: false }))
      .toBeVisible();
  });
});
