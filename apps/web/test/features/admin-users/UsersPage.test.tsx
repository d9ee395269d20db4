import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { AdminUser, UserPage } from '@portal/protocol';
import { adminUser } from '../../../testing/admin-user.ts';
import { columnNames } from '../../../testing/column-names.ts';
import { expectNoAxeViolations } from '../../../testing/axe.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { expectAddressWrappedAtItsParts } from '../../../testing/rendered-lines.ts';
import { apiQueryOf, listStateFrom } from '../../../src/features/admin-users/user-list-params.ts';
import UsersPage from '../../../src/features/admin-users/UsersPage.tsx';

const ADMIN = 'alex.admin@clinic.example';

/** An account that joined only as a caregiver (decision 0032). */
const dana = adminUser(1, { first_name: 'Dana', last_name: 'Carer', is_patient: false, is_caregiver: true });

/** The cache entry for one page of the table at an address, as the page's query keys it. */
function pageAt(search: string, answer: UserPage) {
  const query = apiQueryOf(listStateFrom(new URLSearchParams(search)));
  return [['admin-users', ADMIN, 'page', query], answer] as const;
}

function renderUsers(pages: ReturnType<typeof pageAt>[], auths = ['manage_users']) {
  return renderScreen(<UsersPage />, { url: '/users', data: pages, staff: { email: ADMIN, auths } });
}

const pageOf = (items: AdminUser[], total = items.length, page = 1): UserPage => ({
  items,
  total,
  page,
  page_size: 25,
});

describe('the users table on a wide screen', () => {
  test('has its columns, one row header per person, and the sorted column marked', async () => {
    await page.viewport(1280, 900);
    const mei = adminUser(1, { first_name: 'Mei', last_name: 'Chen', roles: ['user', 'admin'] });
    const screen = await renderUsers([pageAt('', pageOf([mei, adminUser(2, { status: 'invited' })]))]);

    expect(await columnNames(screen)).toEqual([
      'Name',
      'E-mail',
      'Roles',
      'Status',
      'Created',
      'Last sign-in',
      'Actions',
    ]);
    await expect
      .element(screen.getByRole('columnheader', { name: 'Created' }))
      .toHaveAttribute('aria-sort', 'descending');
    await expect.element(screen.getByRole('rowheader', { name: 'Mei Chen' })).toBeVisible();
    const row = screen.getByRole('row').filter({ hasText: 'Mei Chen' });
    await expect.element(row).toHaveTextContent('Patient, Administrator');
    await expect.element(row).toHaveTextContent('Never');
    await expect.element(screen.getByRole('row').filter({ hasText: 'Given2' })).toHaveTextContent('Invited');
    await expectNoAxeViolations(screen.container);
  });

  test('an empty result says so, and both page buttons are off', async () => {
    await page.viewport(1280, 900);
    const screen = await renderUsers([pageAt('', pageOf([]))]);
    await expect.element(screen.getByRole('cell', { name: 'No user matches these filters.' })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Pages of Users' });
    await expect.element(pages).toHaveTextContent('0–0 of 0');
    await expect.element(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect.element(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expectNoAxeViolations(screen.container);
  });

  test('pages forward and back through the server’s pages', async () => {
    await page.viewport(1280, 900);
    const first = Array.from({ length: 25 }, (_, i) => adminUser(i + 1));
    const second = Array.from({ length: 5 }, (_, i) => adminUser(i + 26));
    const screen = await renderUsers([
      pageAt('', pageOf(first, 30)),
      pageAt('page=2', pageOf(second, 30, 2)),
    ]);
    const pages = screen.getByRole('navigation', { name: 'Pages of Users' });
    await expect.element(pages).toHaveTextContent('1–25 of 30');
    await expect.element(pages).toHaveTextContent('Page 1 of 2');
    await expect.element(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect.element(pages).toHaveTextContent('26–30 of 30');
    await expect.element(screen.getByRole('rowheader', { name: 'Given26 Family26' })).toBeVisible();
    await expect.element(screen.getByRole('rowheader', { name: 'Given1 Family1' })).not.toBeInTheDocument();
    await expect.element(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expect.element(pages).toHaveTextContent('1–25 of 30');
  });

  test('a row’s actions work from the keyboard: open, move, pick, confirm dialog, Escape', async () => {
    await page.viewport(1280, 900);
    const mei = adminUser(1, { first_name: 'Mei', last_name: 'Chen' });
    const screen = await renderUsers([pageAt('', pageOf([mei]))]);
    const trigger = screen.getByRole('button', { name: 'Actions for Mei Chen' });

    // A click on the row's plain text sets where Tab starts; the menu button is the next stop.
    await screen.getByRole('cell', { name: 'Active' }).click();
    await userEvent.keyboard('{Tab}');
    await expect.element(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Actions for Mei Chen' });
    await expect.element(menu.getByRole('menuitem', { name: 'Open details' })).toHaveFocus();
    expect(
      menu
        .getByRole('menuitem')
        .elements()
        .map((item) => item.textContent),
    ).toEqual([
      'Open details',
      'Change roles and permissions',
      'Lock account',
      'End all sessions',
      'Deactivate account',
    ]);
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(menu.getByRole('menuitem', { name: 'Change roles and permissions' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();

    // Up arrow opens the menu at its last entry.
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(menu.getByRole('menuitem', { name: 'Deactivate account' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate Mei Chen?' });
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(screen.container);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
  });

  test('tells patients from caregivers, and filters them (decision 0032)', async () => {
    await page.viewport(1280, 900);
    const kim = adminUser(2, { first_name: 'Kim', last_name: 'Both', is_caregiver: true });
    const mo = adminUser(3, { first_name: 'Morgan', last_name: 'Only' });
    const screen = await renderUsers([
      pageAt('', pageOf([dana, kim, mo])),
      pageAt('kind=caregiver', pageOf([dana, kim])),
    ]);
    const row = (name: string) => screen.getByRole('row').filter({ hasText: name });
    await expect.element(row('Dana Carer')).toHaveTextContent('Caregiver');
    await expect.element(row('Kim Both')).toHaveTextContent('Patient, caregiver');
    await expect.element(row('Morgan Only')).toHaveTextContent('Patient');
    expect(row('Morgan Only').element().textContent).not.toContain('aregiver');

    const filter = screen.getByRole('combobox', { name: 'Patients and caregivers' });
    expect(
      filter
        .getByRole('option')
        .elements()
        .map((option) => option.textContent),
    ).toEqual(['All', 'Patients', 'Caregivers']);
    await filter.selectOptions('Caregivers');
    await expect.element(row('Morgan Only')).not.toBeInTheDocument();
    await expect.element(row('Dana Carer')).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('a caregiver-only account offers “Make a patient”, behind a confirmation', async () => {
    await page.viewport(1280, 900);
    const screen = await renderUsers([pageAt('', pageOf([dana, adminUser(2)]))]);
    await screen.getByRole('button', { name: 'Actions for Given2 Family2' }).click();
    expect(screen.getByRole('menuitem', { name: 'Make a patient' }).elements()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await screen.getByRole('button', { name: 'Actions for Dana Carer' }).click();
    await screen.getByRole('menuitem', { name: 'Make a patient' }).click();
    const dialog = screen.getByRole('alertdialog', { name: 'Make Dana Carer a patient?' });
    await expect.element(dialog).toHaveTextContent('They joined only as a caregiver.');
    await expect.element(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expectNoAxeViolations(screen.container);
  });

  test('one’s own row offers no action that would lock oneself out', async () => {
    await page.viewport(1280, 900);
    const self = adminUser(1, { email: ADMIN, first_name: 'Alex', last_name: 'Admin', roles: ['admin'] });
    const screen = await renderUsers([pageAt('', pageOf([self]))]);
    await screen.getByRole('button', { name: 'Actions for Alex Admin' }).click();
    expect(
      screen
        .getByRole('menuitem')
        .elements()
        .map((item) => item.textContent),
    ).toEqual(['Open details', 'View your roles and permissions']);
  });

  test('one’s own roles and permissions are shown read-only, saying who can change them', async () => {
    await page.viewport(1280, 900);
    const self = adminUser(1, {
      email: ADMIN,
      first_name: 'Alex',
      last_name: 'Admin',
      roles: ['admin'],
      auths: ['admin', 'manage_users'],
    });
    const screen = await renderUsers([pageAt('', pageOf([self]))]);
    await screen.getByRole('button', { name: 'Actions for Alex Admin' }).click();
    await screen.getByRole('menuitem', { name: 'View your roles and permissions' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Roles and permissions of Alex Admin' });
    await expect
      .element(dialog.getByText('You cannot change them yourself: ask another administrator'))
      .toBeVisible();
    for (const box of dialog.getByRole('checkbox').elements()) expect(box).toBeDisabled();
    for (const radio of dialog.getByRole('radio').elements()) expect(radio).toBeDisabled();
    await expect.element(dialog.getByRole('button', { name: 'Save access' })).not.toBeInTheDocument();
    await expect.element(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await expectNoAxeViolations(screen.container);
  });

  test('another administrator’s roles and permissions can be changed', async () => {
    await page.viewport(1280, 900);
    const colleague = adminUser(2, {
      first_name: 'Bo',
      last_name: 'Desk',
      roles: ['admin'],
      auths: ['admin'],
    });
    const screen = await renderUsers([pageAt('', pageOf([colleague]))]);
    await screen.getByRole('button', { name: 'Actions for Bo Desk' }).click();
    await screen.getByRole('menuitem', { name: 'Change roles and permissions' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Roles and permissions of Bo Desk' });
    await expect.element(dialog.getByRole('checkbox', { name: /^Patient/ })).toBeEnabled();
    await expect.element(dialog.getByRole('button', { name: 'Save access' })).toBeVisible();
  });

  test('without manage_users a row only opens the account', async () => {
    await page.viewport(1280, 900);
    const screen = await renderUsers([pageAt('', pageOf([adminUser(1)]))], ['read_chart']);
    await screen.getByRole('button', { name: 'Actions for Given1 Family1' }).click();
    expect(
      screen
        .getByRole('menuitem')
        .elements()
        .map((item) => item.textContent),
    ).toEqual(['Open details']);
    await expect.element(screen.getByRole('button', { name: 'Invite a user' })).not.toBeInTheDocument();
  });
});

test('on a phone, a long e-mail address wraps only after the @ and before a dot', async () => {
  const email = 'maximilian.alexanderrichardson@physiotherapiepraxis.hamburgnord.example.com';
  const screen = await renderUsers([pageAt('', pageOf([adminUser(1, { email })]))]);
  await expectAddressWrappedAtItsParts(screen, email);
  await expectNoAxeViolations(screen.container);
});
