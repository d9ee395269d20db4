import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderScreen } from '../../../testing/render-screen.tsx';
import LoginPage from '../../../src/features/auth/LoginPage.tsx';
import ResetPasswordPage from '../../../src/features/auth/ResetPasswordPage.tsx';
import SignupPage from '../../../src/features/auth/SignupPage.tsx';

describe('the sign-in form', () => {
  test('asks for both fields before calling the server, focusing the first', async () => {
    const screen = await renderScreen(<LoginPage />, { url: '/auth/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    await expect.element(email).toHaveAttribute('aria-invalid', 'true');
    await expect.element(email).toHaveFocus();
    await expect.element(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the sign-up form', () => {
  test('refuses what the protocol refuses, in the page’s own words', async () => {
    const screen = await renderScreen(<SignupPage />, { url: '/auth/signup' });
    await userEvent.fill(screen.getByRole('textbox', { name: 'First name' }), 'www.example.com');
    await userEvent.fill(screen.getByRole('textbox', { name: 'Last name' }), 'x'.repeat(101));
    await userEvent.fill(screen.getByLabelText('Date of birth'), '2999-01-01');
    await userEvent.fill(screen.getByRole('textbox', { name: 'E-mail address' }), 'not an address');
    await userEvent.fill(screen.getByLabelText('Password', { exact: true }), 'password1234');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await expect.element(screen.getByText('Please correct the fields marked below.')).toBeVisible();
    await expect.element(screen.getByText(/Use letters, spaces, hyphens/)).toBeVisible();
    await expect.element(screen.getByText('Enter between 1 and 100 characters.')).toBeVisible();
    await expect.element(screen.getByText('Enter a real date in the past.')).toBeVisible();
    await expect.element(screen.getByText(/Enter a valid e-mail address/)).toBeVisible();
    await expect.element(screen.getByText(/This password is too common/)).toBeVisible();
    await expect.element(screen.getByText(/You need to agree to the terms/)).toBeVisible();
    await expect.element(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();

    await userEvent.fill(screen.getByLabelText('Password', { exact: true }), 'short');
    await expect.element(screen.getByText('Use at least 12 characters.')).toBeVisible();
  });
});

describe('the reset link’s form', () => {
  test('asks for the same password twice', async () => {
    const screen = await renderScreen(<ResetPasswordPage />, { url: '/auth/reset-password?token=abc' });
    await userEvent.fill(screen.getByLabelText('New password', { exact: true }), 'quiet-harbour-lantern');
    await userEvent.fill(screen.getByLabelText('Repeat the new password'), 'quiet-harbour-lanterns');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await expect.element(screen.getByText('The two passwords do not match.')).toBeVisible();
    await expect.element(screen.getByLabelText('Repeat the new password')).toHaveFocus();
  });
});
