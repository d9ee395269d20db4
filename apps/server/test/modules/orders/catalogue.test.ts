import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, Codes, type Catalogue } from '@portal/protocol';
import { auditLog } from '../../../src/db/schema/index.ts';
import { expectCode } from '../../../testing/documents.ts';
import {
  saveCatalogueItem,
  startOrdersWorld,
  WHEELCHAIR,
  type OrdersWorld,
} from '../../../testing/orders.ts';

describe('the device catalogue', () => {
  let w: OrdersWorld;

  beforeAll(async () => {
    w = await startOrdersWorld();
  });
  afterAll(() => w.t.close());

  it('lets the orders desk add and change items, and clinicians read them to prescribe', async () => {
    const created = await saveCatalogueItem(w.desk, WHEELCHAIR);
    expect(created).toMatchObject({ hcpcs: 'K0001', version: 1, rental_months: 13, active: true });

    const changed = await saveCatalogueItem(w.desk, {
      ...WHEELCHAIR,
      id: created.id,
      version: 1,
      name_gb: 'Standard wheelchair (K0001)',
    });
    expect(changed).toMatchObject({ id: created.id, version: 2, name_gb: 'Standard wheelchair (K0001)' });

    const read = await w.clinician.get<Catalogue>('/admin/catalogue/');
    expect(read.items.find((item) => item.id === created.id)).toEqual(changed);

    const written = await w.t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'catalogue.write'), eq(auditLog.target, `catalogue_items:${created.id}`)),
      );
    expect(written).toHaveLength(2);
  });

  it('refuses a change made to a version another change replaced, and writes nothing', async () => {
    const created = await saveCatalogueItem(w.desk, {
      ...WHEELCHAIR,
      hcpcs: 'E0143',
      name_gb: 'Folding walker',
    });
    await saveCatalogueItem(w.desk, { ...WHEELCHAIR, id: created.id, version: 1, name_gb: 'Walker, first' });
    await expectCode(
      saveCatalogueItem(w.desk, { ...WHEELCHAIR, id: created.id, version: 1, name_gb: 'Walker, second' }),
      Codes.conflict,
    );
    const read = await w.desk.get<Catalogue>('/admin/catalogue/');
    expect(read.items.find((item) => item.id === created.id)?.name_gb).toBe('Walker, first');
  });

  it('keeps the catalogue to the orders desk: clinicians read, patients do not', async () => {
    await expectCode(saveCatalogueItem(w.clinician, WHEELCHAIR), Codes.forbidden);
    await expectCode(w.patient.get('/admin/catalogue/'), Codes.forbidden);
  });

  it('names the field when the form is not a published library form', async () => {
    const unknownTemplate = '00000000-0000-4000-8000-000000000000';
    const refusal = await saveCatalogueItem(w.desk, {
      ...WHEELCHAIR,
      form_template_id: unknownTemplate,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe(Codes.validation);
    expect((refusal as ApiError).errors).toEqual([{ path: 'form_template_id', message: expect.any(String) }]);
  });

  it('refuses a rental without its months (the protocol schema, before anything runs)', async () => {
    await expectCode(saveCatalogueItem(w.desk, { ...WHEELCHAIR, rental_months: null }), Codes.validation);
  });
});
