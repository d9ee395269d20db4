import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { STAFF_PRESETS } from '@portal/protocol';
import { clearSession } from '../../../src/api/session.ts';
import { InviteDialog } from '../../../src/features/admin-users/InviteDialog.tsx';
import { renderScreen } from '../../../testing/render-screen.tsx';

afterEach(() => clearSession('logout'));

describe('the invite dialog', () => {
  test('says which field is missing or wrong, focusing the first, and offers presets to an administrator only', async () => {
    const screen = await renderScreen(<InviteDialog onClose={() => {}} />, {
      staff: { email: 'chief@example.com', auths: ['admin', ...STAFF_PRESETS.clinic_admin] },
    });
    const first = screen.getByRole('textbox', { name: 'First name' });
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    await screen.getByRole('button', { name: 'Send invitation' }).click();
    await expect.element(first).toHaveAttribute('aria-invalid', 'true');
    await expect.element(first).toHaveAccessibleDescription('This field is required.');
    await expect.element(first).toHaveFocus();

    await userEvent.fill(first, 'Ivy');
    await userEvent.fill(screen.getByRole('textbox', { name: 'Last name' }), 'Invited');
    await userEvent.fill(email, 'not an address');
    await screen.getByRole('button', { name: 'Send invitation' }).click();
    await expect.element(first).not.toHaveAttribute('aria-invalid');
    await expect
      .element(email)
      .toHaveAccessibleDescription('Enter an e-mail address such as name@example.com.');

    await expect.element(screen.getByRole('group', { name: 'Staff permissions' })).not.toBeInTheDocument();
    await screen.getByRole('radio', { name: 'Administrator' }).click();
    await expect.element(screen.getByRole('group', { name: 'Staff permissions' })).toBeVisible();
    await expect.element(screen.getByRole('radio', { name: /^Front desk/ })).toBeChecked();
  });
});
