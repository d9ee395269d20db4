import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ActingForGrant } from '@portal/protocol';
import { getActingFor, setActingFor } from '../../../src/api/acting-for.ts';
import { RecordSwitcher } from '../../../src/app/layout/RecordSwitcher.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import '../../../src/app/layout/signed-in-layout.css';

const LI: ActingForGrant = {
  id: '5b0c7f57-8c0e-4d53-9a57-3d6f2c1e0a01',
  patient_id: '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b',
  patient_name: 'Li Xiuying',
  relationship: 'mother',
  scopes: ['view_assessments', 'fill_assessments'],
  ends_on: '2027-11-26',
};
const WANG: ActingForGrant = {
  ...LI,
  id: '5b0c7f57-8c0e-4d53-9a57-3d6f2c1e0a02',
  patient_id: '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4c',
  patient_name: 'Wang Fang',
  relationship: 'aunt',
};

describe('the record switcher', () => {
  test('says whose record is open and switches with the keyboard, announcing the switch', async () => {
    setActingFor(null);
    const screen = await renderScreen(<RecordSwitcher received={[LI, WANG]} open={null} hasOwnRecord />);
    const button = screen.getByRole('button', { name: /Whose record/ });
    await expect.element(button).toHaveTextContent('My record');

    (button.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const items = screen.getByRole('menuitemradio');
    await expect.element(items.first()).toHaveFocus();
    expect(items.elements().map((item) => item.textContent)).toEqual([
      'My own record',
      'Li Xiuying',
      'Wang Fang',
    ]);
    await expect.element(items.first()).toHaveAttribute('aria-checked', 'true');
    await expectNoAxeViolations(screen.container);

    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(getActingFor()).toBe(LI.patient_id);
    await expect.element(screen.getByRole('status')).toHaveTextContent("Li Xiuying's record is open.");
    await expect.element(button).toHaveFocus();
    setActingFor(null);
  });

  test('shows the open record, and goes back to one’s own, in Chinese', async () => {
    setActingFor(LI.patient_id);
    const screen = await renderScreen(<RecordSwitcher received={[LI]} open={LI.patient_id} hasOwnRecord />, {
      locale: 'cn',
    });
    const button = screen.getByRole('button', { name: /当前查看的档案/ });
    await expect.element(button).toHaveTextContent('Li Xiuying');
    await button.click();
    await page.getByRole('menuitemradio', { name: '我自己的档案' }).click();
    expect(getActingFor()).toBeNull();
    await expect.element(screen.getByRole('status')).toHaveTextContent('已打开您自己的档案。');
    await expectNoAxeViolations(screen.container);
  });

  for (const [locale, choose, own] of [
    ['gb', 'Choose a record', 'My own record'],
    ['cn', '选择档案', '我自己的档案'],
  ] as const) {
    test(`offers a caregiver-only account only the people it helps (${locale}, decision 0032)`, async () => {
      setActingFor(null);
      const screen = await renderScreen(
        <RecordSwitcher received={[LI, WANG]} open={null} hasOwnRecord={false} />,
        {
          locale,
        },
      );
      const button = screen.getByRole('button', { name: new RegExp(choose) });
      await expect.element(button).toHaveTextContent(choose);
      await button.click();
      const items = screen.getByRole('menuitemradio');
      await expect.element(items.first()).toHaveFocus();
      expect(items.elements().map((item) => item.textContent)).toEqual(['Li Xiuying', 'Wang Fang']);
      expect(screen.container.textContent).not.toContain(own);
      await expectNoAxeViolations(screen.container);

      await userEvent.keyboard('{Enter}');
      expect(getActingFor()).toBe(LI.patient_id);
      await expect.element(screen.getByRole('status')).toHaveTextContent('Li Xiuying');
      setActingFor(null);
    });
  }

  test('on a 390 px phone its menu stays on the screen wherever the switcher sits', async () => {
    await page.viewport(390, 844);
    setActingFor(null);
    const screen = await renderScreen(
      // Near the left edge, as on a phone where the navbar's actions wrap.
      <div style={{ position: 'absolute', top: 8, left: 40 }}>
        <RecordSwitcher
          received={[LI, { ...WANG, patient_name: 'Wang Fang-Alexandrina Montgomery-Smythe' }]}
          open={null}
          hasOwnRecord
        />
      </div>,
    );
    await screen.getByRole('button', { name: /Whose record/ }).click();
    const menu = screen.getByRole('menu');
    await expect.element(menu).toBeVisible();
    const box = menu.element().getBoundingClientRect();
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
  });
});
