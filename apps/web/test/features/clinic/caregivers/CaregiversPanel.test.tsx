import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { STAFF_PRESETS, type ChartCaregivers } from '@portal/protocol';
import { expectNoAxeViolations } from '../../../../testing/axe.ts';
import { renderScreen } from '../../../../testing/render-screen.tsx';
import { CaregiversPanel } from '../../../../src/features/clinic/caregivers/CaregiversPanel.tsx';

const PATIENT = '00000000-0000-4000-8000-0000000000aa';
const chart: ChartCaregivers = { representative_signing_allowed: true, grants: [] };
const asStaff = (email: string, preset: readonly string[]) => ({
  staff: { email, auths: ['admin', ...preset] },
  data: [[['clinic-caregivers', email, PATIENT], chart]] as const,
});
const signingBox = () => page.getByRole('checkbox', { name: 'Allow signing as authorised representative' });

describe("the chart's caregivers panel", () => {
  test('front desk sees the signing switch as text, and may record only messages and orders grants', async () => {
    const screen = await renderScreen(
      <CaregiversPanel patientId={PATIENT} manages />,
      asStaff('desk@example.com', STAFF_PRESETS.front_desk),
    );
    await expect.element(screen.getByText('Allow signing as authorised representative: On')).toBeVisible();
    await expect.element(signingBox()).not.toBeInTheDocument();

    await screen.getByRole('button', { name: 'Record a grant' }).click();
    const boxes = page.getByRole('dialog').getByRole('checkbox');
    await expect.element(boxes).toHaveLength(3);
    await expect
      .element(page.getByRole('checkbox', { name: 'Read and write messages to the clinic' }))
      .toBeVisible();
    await expect.element(page.getByRole('checkbox', { name: 'See equipment orders' })).toBeVisible();
    await expect.element(page.getByRole('checkbox', { name: /^Act on equipment orders/ })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('a clinic administrator switches signing and may grant every scope', async () => {
    const screen = await renderScreen(
      <CaregiversPanel patientId={PATIENT} manages />,
      asStaff('chief@example.com', STAFF_PRESETS.clinic_admin),
    );
    await expect.element(signingBox()).toBeChecked();
    await screen.getByRole('button', { name: 'Record a grant' }).click();
    await expect.element(page.getByRole('dialog').getByRole('checkbox')).toHaveLength(9);
  });

  test('a clinician, who records no grant, still switches signing', async () => {
    const screen = await renderScreen(
      <CaregiversPanel patientId={PATIENT} manages={false} />,
      asStaff('doc@example.com', STAFF_PRESETS.clinician),
    );
    await expect.element(signingBox()).toBeChecked();
    await expect.element(screen.getByRole('button', { name: 'Record a grant' })).not.toBeInTheDocument();
  });
});
