import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { renderScreen } from '../../testing/render-screen.tsx';
import { PageHeading } from '../../src/ui/PageHeading.tsx';

/** A page whose order lives in its address, as the staff lists' tools do, and a link to another page. */
function ListPage() {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading>Users</PageHeading>
      <label>
        Order
        <select value={params.get('sort') ?? ''} onChange={(e) => setParams({ sort: e.target.value })}>
          <option value="">The queue’s own order</option>
          <option value="oldest">Waiting longest first</option>
          <option value="newest">Newest first</option>
        </select>
      </label>
      <button type="button" onClick={() => void navigate('/audit')}>
        Audit log
      </button>
      <p>{`Shown: ${pathname}${search}`}</p>
    </>
  );
}

describe('the page heading and focus', () => {
  test('a change of the address’s query leaves focus on the control that made it', async () => {
    const screen = await renderScreen(<ListPage />, { url: '/users' });
    const order = screen.getByRole('combobox', { name: 'Order' });
    await order.element().focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByText('Shown: /users?sort=oldest')).toBeVisible();
    await expect.element(order).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByText('Shown: /users?sort=newest')).toBeVisible();
    await expect.element(order).toHaveFocus();
  });

  test('a navigation to another page still takes focus to its heading', async () => {
    const screen = await renderScreen(<ListPage />, { url: '/users' });
    await screen.getByRole('button', { name: 'Audit log' }).click();
    await expect.element(screen.getByText('Shown: /audit')).toBeVisible();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Users' })).toHaveFocus();
  });
});
