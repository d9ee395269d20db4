import { describe, expect, test } from 'vitest';
import { Route, Routes } from 'react-router';
import type { TemplateDetail } from '@portal/protocol';
import TemplateEditorPage from '../../../src/features/document-library/TemplateEditorPage.tsx';
import { renderScreen } from '../../../testing/render-screen.tsx';

const STAFF = { email: 'alex.admin@clinic.example', auths: ['manage_documents'] };
const TEMPLATE: TemplateDetail = {
  id: '3c9e8a71-2f4b-4d6a-9b1c-7e5f0a2d4c61',
  kind: 'signature',
  status: 'published',
  titles: { gb: 'Consent to treatment', cn: null },
  languages: ['gb'],
  published_version: 1,
  draft_version: null,
  use: { sent: 0, signed: 0, pending: 0, read: 0 },
  created_by: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  versions: [
    {
      version: 1,
      status: 'published',
      editions: [
        {
          language: 'gb',
          title: 'Consent to treatment',
          description: '',
          page_count: 1,
          size: 1000,
          sha256: '0'.repeat(64),
          fields: [],
          updated_at: '2026-11-01T09:00:00.000Z',
        },
      ],
      created_at: '2026-11-01T09:00:00.000Z',
      published_at: '2026-11-01T09:00:00.000Z',
      sent: 0,
    },
  ],
};
const templateKey = ['document-library', STAFF.email, 'template', TEMPLATE.id];

describe('the template page’s Send dialog', () => {
  test('gives focus back to Send when Cancel closes it', async () => {
    const screen = await renderScreen(
      <Routes>
        <Route path="/document-library/:id" element={<TemplateEditorPage />} />
      </Routes>,
      {
        staff: STAFF,
        url: `/document-library/${TEMPLATE.id}`,
        data: [
          [templateKey, TEMPLATE],
          [['document-library', STAFF.email, 'patients'], []],
        ],
      },
    );
    await screen.getByRole('button', { name: 'Send to patients' }).click();
    await screen.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Send to patients' })).toHaveFocus();
  });
});
