import { describe, expect, test } from 'vitest';
import type { ActingForGrant } from '@portal/protocol';
import { getActingFor, setActingFor } from '../../../src/api/acting-for.ts';
import { GrantsUnavailable, NotOpenedByGrant } from '../../../src/app/layout/ActingForBanner.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const LI: ActingForGrant = {
  id: '5b0c7f57-8c0e-4d53-9a57-3d6f2c1e0a01',
  patient_id: '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b',
  patient_name: 'Li Xiuying',
  relationship: 'mother',
  scopes: ['view_assessments'],
  ends_on: '2027-11-26',
};

describe('a page of a record the grant does not open', () => {
  test('says whose access it is, as a page and not an error', async () => {
    const screen = await renderScreen(<NotOpenedByGrant grant={LI} />);
    await expect.element(screen.getByRole('heading', { name: 'Not part of your access' })).toBeVisible();
    await expect.element(screen.getByText(/^Li Xiuying has not given you access to this page/)).toBeVisible();
    expect(screen.getByRole('alert').elements()).toHaveLength(0);
    await expectNoAxeViolations(screen.container);
  });

  test('in Chinese', async () => {
    const screen = await renderScreen(<NotOpenedByGrant grant={LI} />, { locale: 'cn' });
    await expect.element(screen.getByRole('heading', { name: '不在您的授权范围内' })).toBeVisible();
    await expect.element(screen.getByText(/^Li Xiuying未授权您访问此页面/)).toBeVisible();
  });
});

describe('the grants failing to load while acting for someone', () => {
  test('says so, retries on request, and goes back to one’s own record', async () => {
    setActingFor(LI.patient_id);
    let retries = 0;
    const screen = await renderScreen(
      <GrantsUnavailable onRetry={() => retries++} retrying={false} hasOwnRecord />,
    );
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('We could not check what you may do on this record.');
    await expectNoAxeViolations(screen.container);

    await screen.getByRole('button', { name: 'Try again' }).click();
    expect(retries).toBe(1);
    await screen.getByRole('button', { name: 'Back to my own record' }).click();
    expect(getActingFor()).toBeNull();
  });

  test('cannot retry twice at once, and reads in Chinese', async () => {
    const screen = await renderScreen(<GrantsUnavailable onRetry={() => undefined} retrying hasOwnRecord />, {
      locale: 'cn',
    });
    await expect.element(screen.getByRole('heading', { name: '暂时无法打开此档案' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '重试' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: '返回我自己的档案' })).toBeEnabled();
  });

  for (const [locale, back, body] of [
    ['gb', 'Back to the people I help', 'go back to the people you help'],
    ['cn', '返回我协助的人员', '返回您协助的人员列表'],
  ] as const) {
    test(`leads a caregiver-only account back to the people it helps, not to a record of its own (${locale})`, async () => {
      setActingFor(LI.patient_id);
      const screen = await renderScreen(
        <GrantsUnavailable onRetry={() => undefined} retrying={false} hasOwnRecord={false} />,
        { locale },
      );
      await expect.element(screen.getByRole('alert')).toHaveTextContent(body);
      expect(screen.container.textContent).not.toMatch(/own record|自己的档案/);
      await screen.getByRole('button', { name: back }).click();
      expect(getActingFor()).toBeNull();
    });
  }
});
