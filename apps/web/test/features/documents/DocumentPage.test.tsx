import { afterEach, describe, expect, test } from 'vitest';
import { Route, Routes } from 'react-router';
import type { DocumentDetail } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import DocumentPage from '../../../src/features/documents/DocumentPage.tsx';
import { actForMargaret } from '../../../testing/acting-for.ts';
import { patientDocument, signingSessionOf } from '../../../testing/patient-document.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const pending: DocumentDetail = {
  ...patientDocument({ id: '00000000-0000-4000-8000-0000000000d2' }),
  file: 'original',
  signed_on_behalf_by: null,
  sha256: '0'.repeat(64),
  pdf_base64: '',
};
const session = signingSessionOf(pending, 'Margaret');

describe('a caregiver who may see documents but not sign them', () => {
  afterEach(() => setActingFor(null));

  test.each([
    ['gb', 'Sign document', 'Decline'],
    ['cn', '签署文件', '拒绝'],
  ] as const)(
    'reads a document awaiting signature with no Sign or Decline (%s)',
    async (locale, sign, decline) => {
      const grant = actForMargaret(['view_documents']);
      const screen = await renderScreen(
        <Routes>
          <Route path="/welcome/documents/:id" element={<DocumentPage />} />
        </Routes>,
        {
          locale,
          url: `/welcome/documents/${pending.id}`,
          data: [
            [['documents', '', 'document', pending.id], pending],
            [['documents', '', 'sign', pending.id], session],
            grant,
          ],
        },
      );
      await expect.element(screen.getByRole('heading', { name: pending.title })).toBeVisible();
      expect(screen.getByRole('button', { name: sign }).elements()).toHaveLength(0);
      expect(screen.getByRole('button', { name: decline, exact: true }).elements()).toHaveLength(0);
      expect(screen.container.querySelector('input, textarea')).toBeNull();
    },
  );
});

describe('a document while acting for a patient', () => {
  afterEach(() => setActingFor(null));

  const declined: DocumentDetail = {
    ...pending,
    status: 'rejected',
    actions: [],
    rejection_reason: 'Not now',
  };
  const open = (locale: 'gb' | 'cn', doc: DocumentDetail, scopes: Parameters<typeof actForMargaret>[0]) =>
    renderScreen(
      <Routes>
        <Route path="/welcome/documents/:id" element={<DocumentPage />} />
      </Routes>,
      {
        locale,
        url: `/welcome/documents/${doc.id}`,
        data: [
          [['documents', '', 'document', doc.id], doc],
          [['documents', '', 'sign', doc.id], session],
          actForMargaret(scopes),
        ],
      },
    );

  test.each([
    ['gb', 'Rejected', 'Signing this document was declined.', 'Reason given: Not now', /\byour?\b/i],
    ['cn', '已拒绝', '此文件已被拒绝签署。', '拒绝理由：Not now', /您/],
  ] as const)('says a decline without "you" (%s)', async (locale, badge, outcome, reason, you) => {
    const screen = await open(locale, declined, ['view_documents']);
    await expect.element(screen.getByText(badge, { exact: true })).toBeVisible();
    await expect.element(screen.getByRole('status')).toHaveTextContent(outcome);
    await expect.element(screen.getByText(reason, { exact: true })).toBeVisible();
    const summary = screen.container.querySelector('.document__summary')!.textContent;
    expect(`${summary} ${screen.getByRole('status').element().textContent}`).not.toMatch(you);
  });

  test.each([
    ['gb', 'Awaiting Signature', 'Decline to sign', "tell Margaret's care team why"],
    ['cn', '等待签署', '拒绝签署', '请告诉Margaret的护理团队原因'],
  ] as const)(
    'names the patient where the signer may decline (%s)',
    async (locale, badge, decline, intro) => {
      const screen = await open(locale, pending, ['view_documents', 'sign_documents']);
      await expect.element(screen.getByText(badge, { exact: true })).toBeVisible();
      await screen.getByText(decline, { exact: true }).click();
      await expect.element(screen.getByText(intro, { exact: false })).toBeVisible();
    },
  );
});
