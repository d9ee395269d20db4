import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../api/notice-store.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { useCatalogue } from './orders-api.ts';
import { ordersErrorKey } from './orders-error.ts';
import { ordersNotice } from './orders-notice.ts';
import { catalogueFormOf, emptyCatalogueForm, type CatalogueFormInput } from './staff/catalogue-form.ts';
import { CatalogueItemDialog } from './staff/CatalogueItemDialog.tsx';
import { CatalogueTable } from './staff/CatalogueTable.tsx';
import '../../ui/admin-tables.css';
import './staff/orders-staff.css';

/**
 * The clinic's devices and supplies by category (manage_orders): add, change, take off the list
 * (the item's "Active" box: one way to do it).
 */
export default function CataloguePage() {
  const { t } = useTranslation('orders-staff');
  const items = useCatalogue();
  const [editing, setEditing] = useState<CatalogueFormInput | null>(null);

  return (
    <section className="admin-page equipment-catalogue">
      <div className="admin-page__header">
        <PageHeading>{t('catalogue.title')}</PageHeading>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing(emptyCatalogueForm)}
        >
          {t('catalogue.add')}
        </button>
      </div>
      <p>{t('catalogue.intro')}</p>
      {items.isPending && <p>{t('loading')}</p>}
      {items.isError && <p role="alert">{t(ordersErrorKey(items.error) ?? 'errors.generic')}</p>}
      {items.data?.length === 0 && <p>{t('catalogue.empty')}</p>}
      {items.data && items.data.length > 0 && (
        <CatalogueTable items={items.data} onEdit={(item) => setEditing(catalogueFormOf(item))} />
      )}
      {editing && (
        <CatalogueItemDialog
          initial={editing}
          onCancel={() => setEditing(null)}
          onDone={() => {
            showNotice(ordersNotice(editing.id ? 'notices.saved' : 'notices.added'));
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
