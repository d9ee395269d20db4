import { afterEach, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { MfaStatus } from '@portal/protocol';
import { MfaSection } from '../../../src/features/account/MfaSection.tsx';
import '../../../src/features/account/account.css';
import { i18next } from '../../../src/i18n/index.ts';
import type { AppLocale } from '../../../src/i18n/locale.ts';
import { closeScreen, renderScreen } from '../../../testing/render-screen.tsx';

const OFF: MfaStatus = { enabled: false, recovery_codes_left: 0, required: false };

/** Where the section after the two-step one starts, with the status answered or still asked for. */
async function nextSectionTop(locale: AppLocale, status: MfaStatus | 'pending'): Promise<number> {
  await i18next.loadNamespaces('account');
  const screen = await renderScreen(
    <section className="account-page">
      <MfaSection />
      <p>The next section</p>
    </section>,
    { locale, data: status === 'pending' ? [] : [[['account', 'mfa', ''], status]] },
  );
  return (await screen.getByText('The next section').element()).getBoundingClientRect().top;
}

afterEach(async () => {
  await closeScreen();
  vi.unstubAllGlobals();
});

describe('the two-step section while its status loads', () => {
  for (const locale of ['gb', 'cn'] as const) {
    test(`holds the room of the answer, so what follows stays put on a phone (${locale})`, async () => {
      await page.viewport(360, 740);
      const answered = await nextSectionTop(locale, OFF);
      await closeScreen();
      // The status is asked for and answered only once the loading state has been measured.
      let answer = () => {};
      vi.stubGlobal(
        'fetch',
        () =>
          new Promise<Response>((resolve) => (answer = () => resolve(new Response(null, { status: 503 })))),
      );
      const loading = await nextSectionTop(locale, 'pending');
      answer();
      expect(Math.abs(loading - answered)).toBeLessThanOrEqual(1);
    });
  }
});
