import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { CaregiversOverview } from '@portal/protocol';
import { getActingFor, setActingFor } from '../../../src/api/acting-for.ts';
import WelcomePage from '../../../src/features/welcome/WelcomePage.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { margaretGrant } from '../../../testing/acting-for.ts';

const MARGARET = margaretGrant(['view_intake', 'view_documents']);

/** The grants as the caregivers hook reads them from the cache (no one signed in: username ''). */
const overview = (isPatient: boolean, received = [MARGARET]) =>
  [
    ['caregivers', '', 'overview'],
    { given: [], received, representative_signing_allowed: false, is_patient: isPatient },
  ] as const satisfies readonly [unknown, CaregiversOverview];

afterEach(() => setActingFor(null));

describe('the home of a caregiver-only account (decision 0032)', () => {
  for (const [locale, open, intro] of [
    ['gb', 'Open their record', 'You help the people below.'],
    ['cn', '打开其档案', '您正在协助以下人员。'],
  ] as const) {
    test(`shows the people they help and no task of their own (${locale})`, async () => {
      await page.viewport(390, 844);
      const screen = await renderScreen(<WelcomePage />, { locale, data: [overview(false)] });
      await expect.element(screen.getByText(intro, { exact: false })).toBeVisible();
      await expect.element(screen.getByRole('heading', { name: 'Margaret' })).toBeVisible();
      expect(screen.getByRole('link').elements()).toEqual([]);
      expect(screen.container.textContent).not.toMatch(/intake|BF-ADL|入院登记表/i);
      await expectNoAxeViolations(screen.container);

      const button = screen.getByRole('button', { name: new RegExp(`^${open}.*Margaret$`) });
      await button.click();
      expect(getActingFor()).toBe(MARGARET.patient_id);
    });
  }

  test('says so when they help no one', async () => {
    const screen = await renderScreen(<WelcomePage />, { data: [overview(false, [])] });
    await expect
      .element(screen.getByText('You do not help anyone at the moment.', { exact: false }))
      .toBeVisible();
    expect(screen.getByRole('button').elements()).toEqual([]);
  });

  test('a patient who also helps someone still sees their own tasks', async () => {
    await page.viewport(1280, 900);
    const screen = await renderScreen(<WelcomePage />, { data: [overview(true)] });
    await expect.element(screen.getByRole('heading', { name: 'Intake form' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Open their record/ }).elements()).toEqual([]);
  });
});
