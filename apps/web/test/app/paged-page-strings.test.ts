import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/app/route-table.ts';
import { preloadRoute } from '../../src/app/router.tsx';
import { i18next } from '../../src/i18n/index.ts';

describe('a page whose list is paged', () => {
  it('loads the pagination’s words with its code, so its first list does not hide the page again', async () => {
    expect(i18next.hasLoadedNamespace('admin')).toBe(false);
    await preloadRoute(ROUTES, '/messages');
    expect(i18next.hasLoadedNamespace('admin')).toBe(true);
  });
});
