import { type TemplateLibrary, type templateLibraryQuery } from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { loadTemplateDetails, summaryOf } from './library-queries.ts';

/** The library, filtered: `q` matches the shown titles of either language, any case. */
export async function listLibrary(
  ctx: AppContext,
  query: z.output<typeof templateLibraryQuery>,
): Promise<TemplateLibrary> {
  const words = (query.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const items = (await loadTemplateDetails(ctx.db)).map(summaryOf).filter((t) => {
    if (query.kind && t.kind !== query.kind) return false;
    if (query.status && t.status !== query.status) return false;
    const titles = `${t.titles.gb} ${t.titles.cn ?? ''}`.toLocaleLowerCase();
    return words.every((word) => titles.includes(word));
  });
  return { items };
}
