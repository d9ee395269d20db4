import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { InviteForm } from '../../../src/features/caregivers/InviteForm.tsx';
import { toggleScope } from '../../../src/features/caregivers/grants/scope-rules.ts';

const TODAY = new Date(2026, 10, 26);
const box = (name: string) => page.getByRole('checkbox', { name, exact: true });

describe('the scope rule as a person ticks', () => {
  test('ticking a fill or sign scope ticks the see it needs; unticking a see unticks what needs it', () => {
    expect(toggleScope([], 'fill_intake', true)).toEqual(['view_intake', 'fill_intake']);
    expect(toggleScope(['view_documents'], 'sign_documents', true)).toEqual([
      'view_documents',
      'sign_documents',
    ]);
    expect(toggleScope(['view_intake', 'fill_intake', 'write_messages'], 'view_intake', false)).toEqual([
      'write_messages',
    ]);
    expect(toggleScope(['view_intake', 'fill_intake'], 'fill_intake', false)).toEqual(['view_intake']);
  });
});

describe('the invite form', () => {
  test('keeps the see boxes with the fill boxes, and offers signing only where the clinic allows it', async () => {
    const screen = await renderScreen(<InviteForm signingAllowed={false} today={TODAY} />);
    await expect.element(screen.getByRole('group', { name: 'Fill in' })).toBeVisible();
    await expect.element(screen.getByRole('group', { name: 'Sign' })).not.toBeInTheDocument();
    // Where no signing is offered, the help does not speak of signing either.
    expect(screen.container.querySelector('.invite-form')?.textContent).not.toMatch(
      /signing|authorised representative/i,
    );

    await box('Fill in the BF-ADL assessment').click();
    await expect.element(box('See BF-ADL assessments')).toBeChecked();
    await box('See BF-ADL assessments').click();
    await expect.element(box('Fill in the BF-ADL assessment')).not.toBeChecked();
    await expectNoAxeViolations(screen.container);
  });

  test('with signing allowed, the sign box ticks seeing documents', async () => {
    const screen = await renderScreen(<InviteForm signingAllowed today={TODAY} />);
    await box('Sign documents as authorised representative').click();
    await expect.element(box('See documents')).toBeChecked();
    await expectNoAxeViolations(screen.container);
  });

  test('refuses a form without e-mail or any scope at the fields, and focuses the first', async () => {
    const screen = await renderScreen(<InviteForm signingAllowed={false} today={TODAY} />);
    await screen.getByRole('button', { name: 'Send invitation' }).click();
    await expect
      .element(screen.getByText('Enter a valid e-mail address that is not your own.'))
      .toBeVisible();
    await expect.element(screen.getByRole('textbox', { name: 'Their e-mail address' })).toHaveFocus();
    await expect.element(screen.getByText(/Choose at least one thing they may do/)).toBeVisible();
    await expect.element(screen.getByText('Enter the relationship, at most 60 characters.')).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('refuses an end date beyond three years', async () => {
    const screen = await renderScreen(<InviteForm signingAllowed={false} today={TODAY} />);
    await screen.getByRole('textbox', { name: 'Their e-mail address' }).fill('mei@example.com');
    await screen.getByRole('textbox', { name: 'Relationship to the patient' }).fill('daughter');
    await box('Read and write messages to the clinic').click();
    await screen.getByLabelText('Until (last day)').fill('2031-01-01');
    await screen.getByRole('button', { name: 'Send invitation' }).click();
    await expect.element(screen.getByText('Choose a day from today up to three years ahead.')).toBeVisible();
    await expect.element(screen.getByLabelText('Until (last day)')).toHaveFocus();
  });

  test('reads in Chinese, groups and all, without an axe violation', async () => {
    const screen = await renderScreen(<InviteForm signingAllowed today={TODAY} />, { locale: 'cn' });
    await expect.element(screen.getByRole('group', { name: '填写' })).toBeVisible();
    await userEvent.click(box('填写入院登记表'));
    await expect.element(box('查看入院登记表')).toBeChecked();
    await expectNoAxeViolations(screen.container);
  });
});
