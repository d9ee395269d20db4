import { expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';
import { drawSignature, expectPdfShown, patientWithConsentForm } from './documents-fixtures.ts';
import { shot } from './support/screenshot.ts';

/** docs/screenshots/: the documents screens as a patient sees them. */

const VIEWPORTS = [
  { label: 'desktop-1280x800', width: 1280, height: 800 },
  { label: 'phone-375x667', width: 375, height: 667 },
];

for (const locale of ['gb', 'cn'] as const) {
  test(`documents screenshots (${locale})`, async ({ page, context }) => {
    await context.addInitScript((value) => localStorage.setItem('portal.locale', value), locale);
    const patient = await patientWithConsentForm(`shots-${locale}`);
    await signIn(page, patient);
    await expect(page).toHaveURL(/\/welcome$/);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/welcome/documents');
      await expect(page.locator('.document-row').first()).toBeVisible();
      await shot(page, `documents-list-${viewport.label}-${locale}`);

      await page.goto(`/welcome/documents/${patient.documentId}`);
      await expectPdfShown(page);
      await shot(page, `documents-viewer-${viewport.label}-${locale}`);

      await page.locator('.signing-panel').scrollIntoViewIfNeeded();
      await drawSignature(page);
      await page.locator('input[name="consent"]').check();
      // Below the sticky navbar, so the panel's heading shows.
      await page.locator('.signing-panel h2').evaluate((heading) => {
        heading.scrollIntoView();
        window.scrollBy(0, -80);
      });
      await shot(page, `documents-signing-${viewport.label}-${locale}`);
    }
  });
}
