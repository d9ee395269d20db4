import { describe, expect, test } from 'vitest';
import { SigningCertificatePanel } from '../../../src/features/settings/SigningCertificatePanel.tsx';
import { renderScreen } from '../../../testing/render-screen.tsx';

describe('the signing certificate upload', () => {
  test('asks for what its format needs, focusing the first, and keeps each format’s fields apart', async () => {
    const screen = await renderScreen(<SigningCertificatePanel current={null} />);
    const upload = screen.getByRole('button', { name: 'Upload certificate' });
    await upload.click();
    const file = screen.getByLabelText('Certificate file');
    await expect.element(file).toHaveAttribute('aria-invalid', 'true');
    await expect.element(file).toHaveFocus();
    await expect.element(screen.getByText('This field is required.')).toBeVisible();

    await screen.getByRole('radio', { name: 'PEM certificate and private key' }).click();
    await expect.element(screen.getByText('This field is required.')).not.toBeInTheDocument();
    const certificate = screen.getByRole('textbox', { name: 'Certificate (PEM)' });
    const key = screen.getByRole('textbox', { name: 'Private key (PEM)' });
    await certificate.fill('-----BEGIN CERTIFICATE-----');
    await upload.click();
    await expect.element(certificate).not.toHaveAttribute('aria-invalid');
    await expect.element(key).toHaveAttribute('aria-invalid', 'true');
    await expect.element(key).toHaveFocus();
  });
});
