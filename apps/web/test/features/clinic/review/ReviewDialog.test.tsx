import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ReviewDialog } from '../../../../src/features/clinic/review/ReviewDialog.tsx';
import { renderScreen } from '../../../../testing/render-screen.tsx';

describe('the request-changes dialog', () => {
  test('asks for sections, then a note, each where it is missing, and sends them in the form’s order', async () => {
    const onSubmit = vi.fn();
    const screen = await renderScreen(
      <ReviewDialog busy={false} error={null} onSubmit={onSubmit} onClose={() => {}} />,
    );
    const send = screen.getByRole('button', { name: 'Send the request' });
    await send.click();
    await expect.element(screen.getByText('Choose at least one section.')).toBeVisible();
    await expect.element(screen.getByRole('checkbox', { name: 'Profile' })).toHaveFocus();

    await screen.getByRole('checkbox', { name: 'Insurance' }).click();
    await screen.getByRole('checkbox', { name: 'Contact', exact: true }).click();
    await expect.element(screen.getByText('Choose at least one section.')).not.toBeInTheDocument();
    await send.click();
    const note = screen.getByRole('textbox', { name: 'Note to the patient' });
    await expect.element(note).toHaveAttribute('aria-invalid', 'true');
    await expect.element(note).toHaveAccessibleDescription(expect.stringContaining('Write what the patient'));
    await expect.element(note).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.fill(note, '  Please check your address.  ');
    await send.click();
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        sections: ['contact', 'insurance'],
        note: 'Please check your address.',
      }),
    );
  });

  test('shows the server’s answer as the form’s one alert', async () => {
    const screen = await renderScreen(
      <ReviewDialog busy={false} error="Something went wrong." onSubmit={() => {}} onClose={() => {}} />,
    );
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
  });
});
