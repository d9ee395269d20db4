import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { MAX_DOCUMENT_BYTES } from '@portal/protocol';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { UploadTemplateDialog } from '../../../src/features/document-library/UploadTemplateDialog.tsx';

const STAFF = { email: 'alex.admin@clinic.example', auths: ['manage_documents'] };

/** The files a person picks, set on the input as the browser's picker would. */
function pick(input: HTMLInputElement, file: File) {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const pdfInput = (group: string) =>
  page.getByRole('group', { name: group }).getByLabelText('PDF file').element() as HTMLInputElement;

describe('the upload dialog checks before it sends', () => {
  test('asks for the English PDF and title, and for a Chinese edition whole or not at all', async () => {
    const screen = await renderScreen(<UploadTemplateDialog onClose={() => undefined} />, { staff: STAFF });
    await screen
      .getByRole('group', { name: 'Chinese edition (optional)' })
      .getByLabelText('Title')
      .fill('同意书');
    await screen.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.element(screen.getByText('Choose the English PDF.')).toBeVisible();
    await expect.element(screen.getByText('Enter a title.')).toBeVisible();
    await expect
      .element(screen.getByText('Give the Chinese edition both a PDF and a title, or neither.'))
      .toBeVisible();
  });

  test('refuses a file that is not a PDF, or one over 10 MB, before uploading it', async () => {
    const screen = await renderScreen(<UploadTemplateDialog onClose={() => undefined} />, { staff: STAFF });
    pick(pdfInput('English edition'), new File(['a letter'], 'letter.txt', { type: 'text/plain' }));
    await expect.element(screen.getByText('Choose a PDF file.')).toBeVisible();
    const large = new File([new Uint8Array(MAX_DOCUMENT_BYTES + 1)], 'scan.pdf', { type: 'application/pdf' });
    pick(pdfInput('English edition'), large);
    await expect
      .element(screen.getByText('This file is larger than 10 MB. Choose a smaller PDF.'))
      .toBeVisible();
    pick(pdfInput('English edition'), new File(['%PDF-1.7'], 'consent.pdf', { type: 'application/pdf' }));
    await expect.element(screen.getByText('Chosen: consent.pdf (1 KB)')).toBeVisible();
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
  });

  test('is axe clean in English and Chinese', async () => {
    for (const locale of ['gb', 'cn'] as const) {
      const screen = await renderScreen(<UploadTemplateDialog onClose={() => undefined} />, {
        staff: STAFF,
        locale,
      });
      await expect.element(screen.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(document.body);
      screen.unmount();
    }
  });
});
