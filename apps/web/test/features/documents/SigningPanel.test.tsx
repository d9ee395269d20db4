import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { login } from '../../../src/api/auth-api.ts';
import { clearSession } from '../../../src/api/session.ts';
import { SigningPanel } from '../../../src/features/documents/SigningPanel.tsx';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { patientDocument, signingSessionOf } from '../../../testing/patient-document.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

// The account the fake server signs in.
const EMAIL = 'sam@example.com';
const pending = patientDocument({ actions: ['sign'] });
const session = signingSessionOf(pending, 'Sam Patient');

let server: FakePortalServer;
beforeEach(() => {
  server = new FakePortalServer();
  server.answers.set('/patient/sign/', { ...pending, status: 'signed', actions: [], signed: true });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  clearSession('logout');
  vi.unstubAllGlobals();
});

describe('the signing panel', () => {
  test('after a signature it does not read the signing session again', async () => {
    await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
    const screen = await renderScreen(<SigningPanel document={pending} />, {
      data: [[['documents', EMAIL, 'sign', pending.id], session]],
    });
    await screen.getByRole('radio', { name: 'Type my name' }).click();
    await screen.getByRole('textbox', { name: 'Your full name' }).fill('Sam Patient');
    await screen.getByRole('checkbox', { name: session.consent_text }).click();
    await screen.getByRole('button', { name: 'Sign document' }).click();
    await vi.waitFor(() => expect(server.calls.map((call) => call.method)).toContain('POST'));
    // Done once the reads its answer made stale are back.
    await expect.element(screen.getByRole('button', { name: 'Sign document' })).toBeEnabled();
    const signingCalls = server.calls.filter((call) => call.path === '/patient/sign/');
    expect(signingCalls.map((call) => call.method)).toEqual(['POST']);
  });
});

describe('the signing panel checks before it signs', () => {
  test('asks for the typed name and the consent in its own words, and sends nothing', async () => {
    const screen = await renderScreen(<SigningPanel document={pending} />, {
      // Nobody signed in: the checks happen before anything is sent.
      data: [[['documents', '', 'sign', pending.id], session]],
    });
    await screen.getByRole('button', { name: 'Sign document' }).click();
    await expect
      .element(screen.getByText('Draw your signature first, or type your name instead.'))
      .toBeVisible();
    await expect.element(screen.getByText('Tick the box to agree before you sign.')).toBeVisible();
    await screen.getByRole('radio', { name: 'Type my name' }).click();
    await screen.getByRole('textbox', { name: 'Your full name' }).fill('   ');
    await screen.getByRole('button', { name: 'Sign document' }).click();
    await expect.element(screen.getByText('Type your full name.')).toBeVisible();
    await expect
      .element(screen.getByRole('textbox', { name: 'Your full name' }))
      .toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((call) => call.path === '/patient/sign/')).toEqual([]);
  });
});
