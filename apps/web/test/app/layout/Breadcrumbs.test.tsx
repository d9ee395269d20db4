import { describe, expect, test } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from 'vitest-browser-react';
import { Breadcrumbs } from '../../../src/app/layout/Breadcrumbs.tsx';
import { i18next } from '../../../src/i18n/index.ts';
import { useNamePage } from '../../../src/ui/page-label.ts';

/** A user's page, which names the person once their account has loaded. */
function UserPage() {
  useNamePage('Margaret Smith');
  return <Breadcrumbs />;
}

describe('the breadcrumbs', () => {
  test('name the person on a user’s page, not "User"', async () => {
    await i18next.changeLanguage('gb');
    const router = createMemoryRouter(
      [
        {
          path: '/users',
          handle: { route: { name: 'users', breadcrumb: 'menu.users' } },
          children: [
            {
              path: ':id',
              handle: { route: { name: 'user-detail', breadcrumb: 'menu.userDetail' } },
              element: <UserPage />,
            },
          ],
        },
      ],
      { initialEntries: ['/users/42'] },
    );
    const screen = await render(<RouterProvider router={router} />);
    const trail = screen.getByRole('navigation');
    await expect.element(trail.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect.element(trail.getByText('Margaret Smith')).toHaveAttribute('aria-current', 'page');
    expect(trail.element().textContent).not.toContain('User ');
  });
});
