import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueItem } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { useCatalogue, useSaveCatalogueItem } from './orders-api.ts';
import { ordersErrorKey } from './orders-error.ts';
import { ordersNotice } from './orders-notice.ts';
import {
  catalogueFormOf,
  emptyCatalogueForm,
  withActive,
  type CatalogueFormInput,
} from './staff/catalogue-form.ts';
import { CatalogueItemDialog } from './staff/CatalogueItemDialog.tsx';
import { CatalogueTable } from './staff/CatalogueTable.tsx';
import '../../ui/admin-tables.css';
import './staff/orders-staff.css';

/** The clinic's devices and supplies by category (manage_orders): add, change, take off the list. */
export default function CataloguePage() {
  const { t } = useTranslation('orders-staff');
  const items = useCatalogue();
  const [editing, setEditing] = useState<CatalogueFormInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCatalogueItem();

  const setActive = (item: CatalogueItem, active: boolean) => {
    setError(null);
    save.mutate(withActive(item, active), {
      onSuccess: () => showNotice(ordersNotice(active ? 'notices.reactivated' : 'notices.deactivated')),
      onError: (failure) => {
        const key = ordersErrorKey(failure, 'errors.catalogueConflict');
        setError(key && t(key));
      },
    });
  };

  return (
    <section className="admin-page equipment-catalogue">
      <div className="admin-page__header">
        <PageHeading>{t('catalogue.title')}</PageHeading>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setError(null);
            setEditing(emptyCatalogueForm);
          }}
        >
          {t('catalogue.add')}
        </button>
      </div>
      <p>{t('catalogue.intro')}</p>
      <FormAlert message={error} />
      {items.isPending && <p>{t('loading')}</p>}
      {items.isError && <p role="alert">{t(ordersErrorKey(items.error) ?? 'errors.generic')}</p>}
      {items.data?.length === 0 && <p>{t('catalogue.empty')}</p>}
      {items.data && items.data.length > 0 && (
        <CatalogueTable
          items={items.data}
          busy={save.isPending}
          onEdit={(item) => {
            setError(null);
            setEditing(catalogueFormOf(item));
          }}
          onActive={setActive}
        />
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
