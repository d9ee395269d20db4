import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ChartDocuments, ClinicAssignment, DocumentTemplate } from '@portal/protocol';
import { login } from '../../../../src/api/auth-api.ts';
import { PatientDocuments } from '../../../../src/features/clinic/documents/PatientDocuments.tsx';
import { expectNoAxeViolations } from '../../../../testing/axe.ts';
import { FakePortalServer } from '../../../../testing/fake-portal-server.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';

const EMAIL = 'sam@example.com';
const PATIENT = '00000000-0000-4000-8000-0000000000aa';
const CONSENT = '00000000-0000-4000-8000-0000000000d1';
const PRIVACY = '00000000-0000-4000-8000-0000000000d2';
const chartKey = ['clinic-chart', EMAIL, PATIENT] as const;
const chartPath = `/admin/patients/${PATIENT}/chart/documents/`;
const listPath = '/admin/documents/assignments/';
const actionPath = '/admin/documents/assignment/action/';

const chart: ChartDocuments = {
  items: [
    {
      id: CONSENT,
      title: 'Consent to therapy',
      template_version: 2,
      edition: null,
      status: 'pending_signature',
      due_at: '2026-12-01T23:59:59.000Z',
      created_at: '2026-11-01T09:00:00.000Z',
      updated_at: '2026-11-01T09:00:00.000Z',
      rejection_reason: null,
      signed: null,
      events: [
        {
          at: '2026-11-01T09:00:00.000Z',
          action: 'send',
          actor: 'clinic',
          person: { first_name: 'Rita', last_name: 'Reviewer', email: 'rita@example.com' },
          from_status: 'draft',
          to_status: 'pending_signature',
          grant_id: null,
        },
      ],
    },
    {
      id: PRIVACY,
      title: 'Privacy notice',
      template_version: 1,
      edition: 'gb',
      status: 'signed',
      due_at: null,
      created_at: '2026-10-01T09:00:00.000Z',
      updated_at: '2026-10-02T09:00:00.000Z',
      rejection_reason: null,
      signed: {
        signed_at: '2026-10-02T09:00:00.000Z',
        original_sha256: 'a'.repeat(64),
        stamped_sha256: 'b'.repeat(64),
        signed_sha256: 'c'.repeat(64),
      },
      events: [],
    },
  ],
  reference: [{ template_id: '00000000-0000-4000-8000-0000000000e1', title: 'House rules', read_at: null }],
};

const assignment = (id: string, title: string, status: ClinicAssignment['status']): ClinicAssignment => ({
  id,
  template_id: '00000000-0000-4000-8000-0000000000f1',
  template_version: 1,
  title,
  patient_id: PATIENT,
  status,
  version: 3,
  due_at: null,
  created_at: '2026-10-01T09:00:00.000Z',
  updated_at: '2026-10-02T09:00:00.000Z',
  rejection_reason: null,
  signed_sha256: status === 'signed' ? 'c'.repeat(64) : null,
  resent_from_id: null,
  edition: null,
  events: [],
});
const assignments = {
  items: [
    assignment(CONSENT, 'Consent to therapy', 'pending_signature'),
    assignment(PRIVACY, 'Privacy notice', 'signed'),
  ],
};
const templates: DocumentTemplate[] = [
  {
    id: '00000000-0000-4000-8000-0000000000f1',
    kind: 'signature',
    version: 1,
    languages: ['gb'],
    title: 'Consent to therapy',
    description: '',
    fields: [],
    page_count: 1,
    size: 1000,
    sha256: 'd'.repeat(64),
    created_at: '2026-09-01T09:00:00.000Z',
    updated_at: '2026-09-01T09:00:00.000Z',
  },
];

// One server for the file and one sign-in (a second staff sign-in in one file never completed, as
// in the review panel's test); the screens that send nothing start signed in without it. Every
// call still reaches this server, so a read the permission does not open shows in its calls.
let server: FakePortalServer;
beforeAll(() => {
  server = new FakePortalServer();
  server.signedInAs = { roles: ['admin'], auths: ['manage_documents'] };
  server.answers.set(actionPath, { ...assignments.items[0], status: 'cancelled', version: 4 });
  server.answers.set(listPath, {
    items: [{ ...assignments.items[0], status: 'cancelled', version: 4 }, assignments.items[1]],
  });
  vi.stubGlobal('fetch', server.fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const called = (path: string) => server.calls.some((call) => call.path === path);

function render(auths: readonly string[], { locale = 'gb' as 'gb' | 'cn', signedIn = false } = {}) {
  return renderScreen(<PatientDocuments patientId={PATIENT} patientName="Pat Patient" />, {
    locale,
    staff: signedIn ? undefined : { email: EMAIL, auths },
    data: [
      ...(auths.includes('read_chart') ? [[[...chartKey, 'documents'], chart] as const] : []),
      ...(auths.includes('manage_documents')
        ? [
            [[...chartKey, 'assignments'], assignments] as const,
            [[...chartKey, 'signature-templates'], templates] as const,
          ]
        : []),
    ],
  });
}

describe("the patient page's one Documents section", () => {
  test('manage_documents alone: a move asked, confirmed and sent; the chart read is never asked', async () => {
    await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
    server.calls.length = 0;
    const screen = await render(['manage_documents'], { signedIn: true });
    const consent = screen.getByRole('article', { name: 'Consent to therapy' });
    await consent.getByRole('button', { name: 'Cancel document Consent to therapy' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel “Consent to therapy”?' });
    await expect.element(dialog).toHaveTextContent('Pat Patient can no longer sign it.');
    await dialog.getByRole('button', { name: 'Cancel document' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(consent).toHaveTextContent('Status: Cancelled');
    expect(server.calls.filter((c) => c.method === 'POST' && c.path === actionPath)).toHaveLength(1);
    expect(called(listPath)).toBe(true);
    expect(called(chartPath)).toBe(false);
  });

  test('read_chart alone: history, certificate and reference reads; no moves, download or send form', async () => {
    server.calls.length = 0;
    const screen = await render(['read_chart']);
    const headings = screen.getByRole('heading', { name: 'Documents', exact: true });
    expect(headings.elements()).toHaveLength(1);
    expect(screen.getByRole('article').elements()).toHaveLength(2);
    const consent = screen.getByRole('article', { name: 'Consent to therapy' });
    await expect.element(consent.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect.element(consent).toHaveTextContent('Sent for signature by Rita Reviewer');
    const privacy = screen.getByRole('article', { name: 'Privacy notice' });
    await expect.element(privacy.getByRole('heading', { name: 'Audit certificate' })).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Reference documents' })).toBeVisible();
    expect(screen.getByRole('button').elements()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Send a document for signature' }).elements()).toEqual([]);
    await expectNoAxeViolations(screen.container);
    expect(server.calls.filter((c) => c.path.startsWith('/admin/documents/'))).toEqual([]);
  });

  test('manage_documents alone: moves, the signed PDF and the send form; no history or certificate', async () => {
    server.calls.length = 0;
    const screen = await render(['manage_documents']);
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Cancel document Consent to therapy' }))
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Countersign Privacy notice' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Download the signed PDF Privacy notice' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('article', { name: 'Consent to therapy' }))
      .toHaveTextContent('Status: Awaiting signature');
    for (const name of ['History', 'Audit certificate', 'Reference documents']) {
      expect(screen.getByRole('heading', { name }).elements()).toEqual([]);
    }
    await expect
      .element(screen.getByRole('heading', { name: 'Send a document for signature' }))
      .toBeVisible();
    expect(called(chartPath)).toBe(false);

    await screen.getByRole('button', { name: 'Countersign Privacy notice' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Countersign “Privacy notice”?' });
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(document.body);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  test('both: each document once, with its history and its moves', async () => {
    const screen = await render(['read_chart', 'manage_documents']);
    expect(screen.getByRole('heading', { name: 'Documents', exact: true }).elements()).toHaveLength(1);
    expect(screen.getByRole('article').elements()).toHaveLength(2);
    const privacy = screen.getByRole('article', { name: 'Privacy notice' });
    await expect.element(privacy.getByRole('heading', { name: 'Audit certificate' })).toBeVisible();
    await expect.element(privacy.getByRole('button', { name: /^Countersign/ })).toBeVisible();
    await expect.element(privacy.getByRole('button', { name: /^Download the signed PDF/ })).toBeVisible();
    const consent = screen.getByRole('article', { name: 'Consent to therapy' });
    await expect.element(consent.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect.element(consent.getByRole('button', { name: /^Cancel document/ })).toBeVisible();
  });

  test('reads in cn', async () => {
    const screen = await render(['read_chart', 'manage_documents'], { locale: 'cn' });
    await expect.element(screen.getByRole('heading', { level: 2, name: '文件' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '会签 Privacy notice' })).toBeVisible();
  });
});
