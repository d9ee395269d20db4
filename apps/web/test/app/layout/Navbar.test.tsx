import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { ActingForGrant } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import { Navbar } from '../../../src/app/layout/Navbar.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { PUBLIC_CONFIG, sessionOf } from '../../../testing/signed-in.ts';
import '../../../src/ui/theme.css';
import '../../../src/app/layout/signed-in-layout.css';

const SESSION = sessionOf({ username: 'dana@example.com' });

const CLINIC = PUBLIC_CONFIG.clinic_name;

const XIUYING: ActingForGrant = {
  id: '5b0c7f57-8c0e-4d53-9a57-3d6f2c1e0a01',
  patient_id: '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b',
  patient_name: 'Xiuying Tester',
  relationship: 'mother',
  scopes: ['view_intake'],
  ends_on: '2027-11-26',
};

/** The lines a text is laid out on, as the words that start each one. */
function lineStarts(element: Element): string[] {
  const text = element.firstChild!;
  const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
  const range = document.createRange();
  let top = Number.NaN;
  const starts: string[] = [];
  for (const word of words) {
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    const rects = range.getClientRects();
    // A word laid out on two lines was cut in the middle.
    expect(rects.length, `"${word[0]}" is cut across lines`).toBe(1);
    if (rects[0]!.top !== top) starts.push(word[0]);
    top = rects[0]!.top;
  }
  return starts;
}

afterEach(() => setActingFor(null));

describe('the navbar of a caregiver on a phone', () => {
  for (const width of [390, 320]) {
    for (const locale of ['gb', 'cn'] as const) {
      test(`${width} px, ${locale}: the clinic's name whole, the record menu on screen`, async () => {
        await page.viewport(width, 700);
        const screen = await renderScreen(
          <Navbar
            session={SESSION}
            sidebar={null}
            received={[XIUYING]}
            actingFor={XIUYING.patient_id}
            hasOwnRecord={false}
          />,
          { locale, data: [[['public-config'], PUBLIC_CONFIG]] },
        );
        const name = screen.getByText(CLINIC);
        await expect.element(name).toBeVisible();
        const brand = name.element();
        expect(lineStarts(brand).length).toBeLessThanOrEqual(2);
        // Not clipped: the text fits its box.
        expect(brand.scrollWidth).toBeLessThanOrEqual(brand.clientWidth);
        await expect
          .element(screen.getByRole('link', { name: new RegExp(CLINIC) }))
          .toHaveAccessibleName(expect.stringContaining(CLINIC));

        const switcher = screen.getByRole('button', { name: /Whose record|当前查看的档案/ });
        await expect.element(switcher).toHaveTextContent('Xiuying Tester');
        for (const control of screen.getByRole('button').elements()) {
          const box = control.getBoundingClientRect();
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(width);
        }
        await switcher.click();
        const menu = screen.getByRole('menu');
        await expect.element(menu).toBeVisible();
        const box = menu.element().getBoundingClientRect();
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(screen.container);
      });
    }
  }
});

describe('the record menu of a caregiver-only account with nobody chosen', () => {
  for (const [locale, label] of [
    ['gb', 'Choose a record'],
    ['cn', '选择档案'],
  ] as const) {
    test(`375 px, ${locale}: says so in full, not cut short`, async () => {
      await page.viewport(375, 700);
      const screen = await renderScreen(
        <Navbar
          session={SESSION}
          sidebar={null}
          received={[XIUYING]}
          actingFor={null}
          hasOwnRecord={false}
        />,
        { locale, data: [[['public-config'], PUBLIC_CONFIG]] },
      );
      const switcher = screen.getByRole('button', { name: /Whose record|当前查看的档案/ });
      await expect.element(switcher).toHaveTextContent(label);
      const text = switcher.element().querySelector('.record-switcher__label')!;
      expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth);
    });
  }
});

describe('the navbar elsewhere', () => {
  test('a patient on a 320 px phone: the name wraps between words beside the menus, one row high', async () => {
    await page.viewport(320, 700);
    const screen = await renderScreen(
      <Navbar session={SESSION} sidebar={null} received={[]} actingFor={null} hasOwnRecord />,
      { data: [[['public-config'], PUBLIC_CONFIG]] },
    );
    const name = screen.getByText(CLINIC);
    await expect.element(name).toBeVisible();
    // Two lines show, the rest ends in an ellipsis; no word is cut.
    expect(lineStarts(name.element())[0]).toBe('Northbridge');
    expect(screen.getByRole('banner').element().getBoundingClientRect().height).toBe(64);
  });

  test('a caregiver on a desktop: one row, the name on one line', async () => {
    await page.viewport(1280, 800);
    const screen = await renderScreen(
      <Navbar session={SESSION} sidebar={null} received={[XIUYING]} actingFor={null} hasOwnRecord={false} />,
      { data: [[['public-config'], PUBLIC_CONFIG]] },
    );
    const name = screen.getByText(CLINIC);
    await expect.element(name).toBeVisible();
    expect(lineStarts(name.element())).toEqual(['Northbridge']);
    expect(screen.getByRole('banner').element().getBoundingClientRect().height).toBe(64);
    await expect
      .element(screen.getByRole('button', { name: /Whose record/ }))
      .toHaveTextContent('Choose a record');
  });
});
