import { describe, expect, test } from 'vitest';
import type { CaregiverGrant } from '@portal/protocol';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { GrantList } from '../../../src/features/caregivers/grants/GrantList.tsx';

const grant = (over: Partial<CaregiverGrant>): CaregiverGrant => ({
  id: '00000000-0000-4000-8000-000000000001',
  caregiver_email: 'jordan@example.com',
  caregiver_name: null,
  relationship: 'Guardian',
  scopes: ['view_intake'],
  ends_on: '2027-02-01',
  status: 'invited',
  source: 'patient',
  recorded_by: null,
  authority: null,
  created_at: '2026-11-20T10:00:00.000Z',
  accepted_at: null,
  revoked_at: null,
  ...over,
});

const clinicGrant = grant({
  source: 'clinic',
  recorded_by: 'Alex Admin',
  authority: { kind: 'guardianship_order', file_name: 'Order.pdf' },
});

describe("the patient's list of grants", () => {
  test('says a grant was recorded by the clinic, by whom, when, and how to object', async () => {
    const screen = await renderScreen(
      <GrantList grants={[clinicGrant]} onRevoke={() => {}} empty="None" explainClinicGrants />,
    );
    await expect.element(screen.getByText('Recorded by the clinic (guardianship order)')).toBeVisible();
    await expect.element(screen.getByText('20 Nov 2026 by Alex Admin')).toBeVisible();
    await expect.element(screen.getByText(/you did not give it yourself/)).toBeVisible();
    await expect.element(screen.getByText(/contact the clinic, or end their access here/)).toBeVisible();
    await expect.element(screen.getByRole('button', { name: /End access/ })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test("names no recorder and gives no notice for the patient's own grant", async () => {
    const own = await renderScreen(
      <GrantList grants={[grant({})]} onRevoke={() => {}} empty="None" explainClinicGrants />,
    );
    await expect.element(own.getByText('The patient')).toBeVisible();
    expect(own.container.textContent).not.toContain('Recorded');
    expect(own.container.textContent).not.toContain('did not give it yourself');
  });

  test('on the chart, names the recorder without the notice meant for the patient', async () => {
    const chart = await renderScreen(<GrantList grants={[clinicGrant]} empty="None" />);
    await expect.element(chart.getByText('20 Nov 2026 by Alex Admin')).toBeVisible();
    expect(chart.container.textContent).not.toContain('did not give it yourself');
  });
});
