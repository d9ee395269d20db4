import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { STAFF_PRESETS } from '@portal/protocol';
import { login } from '../../../../src/api/auth-api.ts';
import { clearSession } from '../../../../src/api/session.ts';
import { AssignDocumentForm } from '../../../../src/features/clinic/documents/AssignDocumentForm.tsx';
import { FakePortalServer } from '../../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';

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
  // A handshake with this test's server: the one an earlier test made is unknown to it.
  await login({ email, password: 'Correct horse 12', keepLoggedIn: false });
  await renderScreen(<AssignDocumentForm patientId={PATIENT} />, {
    staff: { email, auths: ['admin', ...auths] },
  });
  await vi.waitFor(() => expect(asked('/admin/documents/templates/')).toBe(true));
}

describe("the chart's send-a-document form", () => {
  // One test: split in two, the second test's handshake met an unreadable answer, state left
  // behind by the first test's form, which stays mounted.
  test('a clinic administrator takes the signing window from the settings; a clinician or front desk never asks for them', async () => {
    await openForm('chief@example.com', STAFF_PRESETS.clinic_admin);
    await vi.waitFor(() => expect(asked('/admin/settings/')).toBe(true));

    server.calls.length = 0;
    await openForm('doc@example.com', STAFF_PRESETS.clinician);
    await openForm('desk@example.com', STAFF_PRESETS.front_desk);
    expect(asked('/admin/settings/')).toBe(false);
  });
});
