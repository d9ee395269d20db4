import { describe, expect, test } from 'vitest';
import { SignedNote } from '../../../src/features/documents/SignedNote.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

describe("the signed copy's note on the patient's document page", () => {
  test('names the caregiver who signed as authorised representative', async () => {
    const screen = await renderScreen(
      <SignedNote document={{ file: 'signed', signed_on_behalf_by: 'Mei Li' }} />,
    );
    await expect.element(screen.getByText('Signed by Mei Li as authorised representative.')).toBeVisible();
    await expect.element(screen.getByText(/^This is the signed copy/)).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('in Chinese', async () => {
    const screen = await renderScreen(
      <SignedNote document={{ file: 'signed', signed_on_behalf_by: 'Mei Li' }} />,
      { locale: 'cn' },
    );
    await expect.element(screen.getByText('由 Mei Li 作为授权代表签署。')).toBeVisible();
  });

  test('says nothing of a representative when the patient signed, and nothing before signing', async () => {
    const own = await renderScreen(<SignedNote document={{ file: 'signed', signed_on_behalf_by: null }} />);
    await expect.element(own.getByText(/^This is the signed copy/)).toBeVisible();
    expect(own.container.textContent).not.toContain('authorised representative');
    own.unmount();
    const unsigned = await renderScreen(
      <SignedNote document={{ file: 'original', signed_on_behalf_by: null }} />,
    );
    expect(unsigned.container.textContent).toBe('');
  });
});
