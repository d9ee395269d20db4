import { expect, test } from '@playwright/test';
import { createVerifiedPatient } from './support/accounts.ts';
import { expectOnLogin, notices, signIn } from './support/session.ts';

test('six wrong passwords lock the account and show the Account Locked notice', async ({ page }) => {
  const account = await createVerifiedPatient('lockout');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, { email: account.email, password: `wrong-password-${attempt}` });
    await expect(notices(page)).toContainText(
      'Login Failed - The email or password you entered is incorrect.',
    );
    await page.getByTestId('notice').getByRole('button', { name: 'Dismiss notification' }).click();
  }
  await signIn(page, { email: account.email, password: 'wrong-password-6' });
  await expect(notices(page)).toContainText(
    'Account Locked - Too many failed login attempts. Please try again in 5 minutes.',
  );
  await expectOnLogin(page);
  // Locked means locked: the right password is refused too until the 5 minutes pass.
  await page.getByTestId('notice').getByRole('button', { name: 'Dismiss notification' }).click();
  await signIn(page, account);
  await expect(notices(page)).toContainText('Account Locked');
  await expectOnLogin(page);
});
