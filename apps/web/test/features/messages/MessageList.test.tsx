import { afterEach, describe, expect, test } from 'vitest';
import type { ActingForGrant, CaregiversOverview, Message } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import { MessageList } from '../../../src/features/messages/MessageList.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const message = (id: string, onBehalfBy: string | null): Message => ({
  id,
  author: 'patient',
  author_name: null,
  on_behalf_by: onBehalfBy,
  body: 'I need to talk to my daughter first.',
  notice: null,
  attachment: null,
  created_at: '2026-11-26T09:00:00Z',
  read_at: null,
});
const BY_MEI = message('6f1d0a5e-2b3c-4d5e-8f90-a1b2c3d4e5f6', 'Mei Li');
const OWN = message('6f1d0a5e-2b3c-4d5e-8f90-a1b2c3d4e5f7', null);
const authors = (container: HTMLElement) =>
  [...container.querySelectorAll('.message__author')].map((e) => e.textContent);

const LI: ActingForGrant = {
  id: '5b0c7f57-8c0e-4d53-9a57-3d6f2c1e0a01',
  patient_id: '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b',
  patient_name: 'Li Xiuying',
  relationship: 'mother',
  scopes: ['write_messages'],
  ends_on: '2027-11-26',
};
// The grants as the caregivers hook reads them from the cache (no one signed in: username '').
const holding: CaregiversOverview = { given: [], received: [LI], representative_signing_allowed: false };

describe('a message a caregiver wrote for the patient', () => {
  afterEach(() => setActingFor(null));

  test('reads "written by X for Y" to the clinic, beside the patient’s own', async () => {
    const screen = await renderScreen(
      <MessageList messages={[BY_MEI, OWN]} viewer="clinic" label="Messages" patientName="Li Xiuying" />,
    );
    await expect.element(screen.getByText('Written by Mei Li for Li Xiuying')).toBeVisible();
    expect(authors(screen.container)).toEqual(['Written by Mei Li for Li Xiuying', 'Li Xiuying']);
    await expectNoAxeViolations(screen.container);
  });

  test('reads "written by X for you" to the patient', async () => {
    const screen = await renderScreen(
      <MessageList messages={[BY_MEI, OWN]} viewer="patient" label="Messages" />,
    );
    await expect.element(screen.getByText('Written by Mei Li for you')).toBeVisible();
    expect(authors(screen.container)).toEqual(['Written by Mei Li for you', 'You']);
  });

  test('names the patient to the caregiver acting for them, in Chinese', async () => {
    setActingFor(LI.patient_id);
    const screen = await renderScreen(
      <MessageList messages={[BY_MEI, OWN]} viewer="patient" label="消息" />,
      {
        locale: 'cn',
        data: [[['caregivers', '', 'overview'], holding]],
      },
    );
    await expect.element(screen.getByText('由Mei Li代Li Xiuying撰写')).toBeVisible();
    expect(authors(screen.container)).toEqual(['由Mei Li代Li Xiuying撰写', 'Li Xiuying']);
  });
});
