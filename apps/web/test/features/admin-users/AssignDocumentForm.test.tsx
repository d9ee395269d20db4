import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { STAFF_PRESETS } from '@portal/protocol';
import { clearSession } from '../../../src/api/session.ts';
import { AssignDocumentForm } from '../../../src/features/admin-users/AssignDocumentForm.tsx';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const PATIENT = '00000000-0000-4000-8000-0000000000aa';

let server: FakePortalServer;
beforeEach(() => {
  server = new FakePortalServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  clearSession('logout');
  vi.unstubAllGlobals();
});

const asked = (path: string) => server.calls.some((call) => call.path === path);

/** Opens the form with the templates still to load: the settings, if asked, leave with them. */
async function openForm(email: string, auths: readonly string[]) {
  await renderScreen(<AssignDocumentForm patientId={PATIENT} />, {
    staff: { email, auths: ['admin', ...auths] },
  });
  await vi.waitFor(() => expect(asked('/admin/documents/templates/')).toBe(true));
}

describe("the chart's send-a-document form", () => {
  test('a clinician or front desk, who may not read the settings, never asks for them', async () => {
    await openForm('doc@example.com', STAFF_PRESETS.clinician);
    await openForm('desk@example.com', STAFF_PRESETS.front_desk);
    expect(asked('/admin/settings/')).toBe(false);
  });

  test('a clinic administrator takes the signing window from the settings', async () => {
    await openForm('chief@example.com', STAFF_PRESETS.clinic_admin);
    await vi.waitFor(() => expect(asked('/admin/settings/')).toBe(true));
  });
});
