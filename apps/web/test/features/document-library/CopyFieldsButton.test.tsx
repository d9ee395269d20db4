import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { TemplateEdition } from '@portal/protocol';
import { CopyFieldsButton } from '../../../src/features/document-library/CopyFieldsButton.tsx';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';

const cnEdition: TemplateEdition = {
  language: 'cn',
  title: '同意书',
  description: '',
  page_count: 1,
  size: 1000,
  sha256: 'a'.repeat(64),
  fields: [{ kind: 'signature', page: 1, x: 10, y: 10, width: 180, height: 40 }],
  updated_at: '2026-11-01T09:00:00.000Z',
};

describe('copying the fields of the other edition', () => {
  test('asks before replacing the fields this edition has; cancel copies nothing and returns to the button', async () => {
    const copies: unknown[] = [];
    const screen = await renderScreen(
      <CopyFieldsButton
        templateId="00000000-0000-4000-8000-0000000000e1"
        version={1}
        from={cnEdition}
        toPages={[{ width: 612, height: 792 }]}
        replacing={3}
        onCopy={(copied) => copies.push(copied)}
      />,
    );
    const button = screen.getByRole('button', { name: 'Copy fields from the Chinese edition' });
    await button.click();
    const dialog = page.getByRole('alertdialog', {
      name: 'Replace the fields with those of the Chinese edition?',
    });
    await expect.element(dialog).toHaveTextContent('The 3 fields of this edition are replaced');
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(document.body);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(button).toHaveFocus();
    expect(copies).toEqual([]);
  });

  test('names the other edition in cn', async () => {
    const screen = await renderScreen(
      <CopyFieldsButton
        templateId="00000000-0000-4000-8000-0000000000e1"
        version={1}
        from={{ ...cnEdition, language: 'gb' }}
        toPages={[{ width: 612, height: 792 }]}
        replacing={1}
        onCopy={() => undefined}
      />,
      { locale: 'cn' },
    );
    await screen.getByRole('button', { name: '从英文版复制字段' }).click();
    await expect
      .element(page.getByRole('alertdialog', { name: '用英文版的字段替换当前字段？' }))
      .toBeVisible();
    await page.getByRole('button', { name: '取消' }).click();
  });
});
