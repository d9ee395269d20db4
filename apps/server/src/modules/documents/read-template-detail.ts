import { Codes, ProtocolError, type TemplateDetail } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { loadTemplateDetails } from './library-queries.ts';

export async function readTemplateDetail(ctx: AppContext, id: string): Promise<TemplateDetail> {
  const [detail] = await loadTemplateDetails(ctx.db, [id]);
  if (!detail) throw new ProtocolError(Codes.itemsNotFound);
  return detail;
}
