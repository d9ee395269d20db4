import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { DocumentField } from '@portal/protocol';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { FieldEditor } from '../../../src/features/document-library/FieldEditor.tsx';
import type { EditorPage } from '../../../src/features/document-library/pdf-pages.ts';

/** Two A4-like pages in points; the editor's keyboard paths need no drawing. */
const PAGES: EditorPage[] = [
  { number: 1, size: { width: 612, height: 792 } },
  { number: 2, size: { width: 612, height: 792 } },
];

/** The editor as a page holds it; what it last reported is shown for the test to read. */
function Harness({ start = [] }: { start?: DocumentField[] }) {
  const [fields, setFields] = useState<DocumentField[]>(start);
  return (
    <>
      <FieldEditor pages={PAGES} fields={fields} onChange={setFields} />
      <pre data-testid="fields">{JSON.stringify(fields)}</pre>
    </>
  );
}

const reported = () =>
  JSON.parse(page.getByTestId('fields').element().textContent ?? '[]') as DocumentField[];

describe('placing fields by keyboard', () => {
  test('adds a signature box in the middle of the page, moves it with arrows and resizes it with Alt+arrows', async () => {
    await page.viewport(1280, 900);
    const screen = await renderScreen(<Harness />);
    await screen.getByRole('button', { name: 'Add field: Signature' }).click();
    const box = screen.getByRole('button', { name: /^Field 1: Signature, page 1/ }).last();
    await expect.element(box).toHaveFocus();
    expect(reported()).toEqual([{ kind: 'signature', page: 1, x: 216, y: 376, width: 180, height: 40 }]);

    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(reported()[0]).toMatchObject({ x: 218, y: 396 });

    // Alt+Right widens; Alt+Down makes it taller downwards, keeping its top edge (y + height) put.
    await userEvent.keyboard('{Alt>}{ArrowRight}{ArrowDown}{/Alt}');
    expect(reported()[0]).toMatchObject({ x: 218, y: 394, width: 182, height: 42 });
    await userEvent.keyboard('{Control>}{Shift>}{ArrowLeft}{/Shift}{/Control}');
    expect(reported()[0]).toMatchObject({ width: 162 });
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('Field 1: Signature, page 1, 218 by 394');
  });

  test('places a date field of the chosen kind on the chosen page and keeps it on the page', async () => {
    const screen = await renderScreen(<Harness />);
    await screen.getByRole('radio', { name: 'Date' }).click();
    await screen.getByRole('combobox', { name: 'Page' }).selectOptions('2');
    await screen.getByRole('button', { name: 'Add field: Date' }).click();
    expect(reported()).toEqual([{ kind: 'date', page: 2, x: 256, y: 386, width: 100, height: 20 }]);
    for (let press = 0; press < 20; press++) await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(reported()[0]).toMatchObject({ x: 0, y: 386 });
  });

  test('selects a field from the list, deletes it with the Delete key, and offers intake prefill for text fields', async () => {
    const screen = await renderScreen(
      <Harness
        start={[
          { kind: 'signature', page: 1, x: 50, y: 60, width: 180, height: 40 },
          { kind: 'text', page: 1, x: 50, y: 700, width: 160, height: 20 },
        ]}
      />,
    );
    await screen.getByRole('listitem').nth(1).getByRole('button').click();
    const prefill = screen.getByRole('combobox', { name: 'Fill in from the intake form' });
    await prefill.selectOptions('date_of_birth');
    expect(reported()[1]).toMatchObject({ kind: 'text', prefill: 'date_of_birth' });

    await screen.getByRole('listitem').nth(0).getByRole('button').click();
    await expect.element(screen.getByRole('button', { name: /^Field 1: Signature/ }).last()).toHaveFocus();
    await userEvent.keyboard('{Delete}');
    expect(reported()).toEqual([
      { kind: 'text', page: 1, x: 50, y: 700, width: 160, height: 20, prefill: 'date_of_birth' },
    ]);
  });

  test('a click on the drawn page places a field there; Enter on a field does not add one', async () => {
    await page.viewport(1280, 900);
    const screen = await renderScreen(<Harness />);
    const sheet = screen.getByRole('img', { name: 'Page 1 of 2' });
    await sheet.click({ position: { x: 150, y: 120 } });
    const scale = sheet.element().getBoundingClientRect().width / PAGES[0]!.size.width;
    const [placed] = reported();
    expect(reported()).toHaveLength(1);
    expect(placed).toMatchObject({ kind: 'signature', page: 1, width: 180, height: 40 });
    // The box is centred on the click, in PDF points from the page's bottom left.
    expect(placed!.x).toBeCloseTo(150 / scale - 90, 0);
    expect(placed!.y).toBeCloseTo(792 - 120 / scale - 20, 0);

    // The box's own click (Enter on it) reaches the page too, and is not a placement.
    await expect
      .element(screen.getByRole('button', { name: /^Field 1: Signature, page 1/ }).last())
      .toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(reported()).toHaveLength(1);
  });

  test('names the prefill of each text field in the list, in English and Chinese', async () => {
    const start: DocumentField[] = [
      { kind: 'text', page: 1, x: 50, y: 700, width: 160, height: 20, prefill: 'date_of_birth' },
      { kind: 'text', page: 1, x: 50, y: 600, width: 160, height: 20 },
    ];
    const screen = await renderScreen(<Harness start={start} />);
    const items = screen.getByRole('listitem');
    await expect
      .element(items.nth(0))
      .toHaveTextContent(/^Field 1: Text, .*\. Prefilled from: Date of birth$/);
    await expect.element(items.nth(1)).not.toHaveTextContent('Prefilled');
    await expect
      .element(screen.getByRole('button', { name: /^Field 1: Text.*Prefilled from: Date of birth$/ }).last())
      .toBeInTheDocument();
    screen.unmount();
    const cn = await renderScreen(<Harness start={start} />, { locale: 'cn' });
    await expect.element(cn.getByRole('listitem').nth(0)).toHaveTextContent(/预填自：出生日期$/);
  });

  test('is axe clean in English and Chinese', async () => {
    for (const locale of ['gb', 'cn'] as const) {
      const screen = await renderScreen(
        <Harness start={[{ kind: 'signature', page: 1, x: 50, y: 60, width: 180, height: 40 }]} />,
        { locale },
      );
      await expect.element(screen.getByRole('radio').first()).toBeVisible();
      await expectNoAxeViolations(screen.container);
      screen.unmount();
    }
  });
});
