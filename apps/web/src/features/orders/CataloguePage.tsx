import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueCategory, type CatalogueItem } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { FactList } from '../../ui/FactList.tsx';
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
      {CatalogueCategory.options.map((category) => {
        const inCategory = items.data?.filter((item) => item.category === category) ?? [];
        if (inCategory.length === 0) return null;
        return (
          <section key={category} className="catalogue-category" aria-labelledby={`category-${category}`}>
            <h2 id={`category-${category}`}>{t(`category.${category}`)}</h2>
            <ul className="catalogue-items">
              {inCategory.map((item) => (
                <li key={item.id}>
                  <CatalogueEntry
                    item={item}
                    busy={save.isPending}
                    onEdit={() => {
                      setError(null);
                      setEditing(catalogueFormOf(item));
                    }}
                    onActive={(active) => setActive(item, active)}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
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

interface CatalogueEntryProps {
  item: CatalogueItem;
  busy: boolean;
  onEdit: () => void;
  onActive: (active: boolean) => void;
}

function CatalogueEntry({ item, busy, onEdit, onActive }: CatalogueEntryProps) {
  const { t, i18n } = useTranslation('orders-staff');
  const name = i18n.language === 'cn' ? item.name_cn : item.name_gb;
  const none = t('none');
  const days = (value: number | null) => (value === null ? none : t('days', { count: value }));
  const months = (value: number | null) => (value === null ? none : t('months', { count: value }));
  const prerequisites = [
    item.requires_prescription && t('catalogue.prerequisite.prescription'),
    item.requires_prior_authorisation && t('catalogue.prerequisite.priorAuthorisation'),
    item.bf_adl_within_days !== null && t('catalogue.prerequisite.bfAdl', { count: item.bf_adl_within_days }),
    item.form_template_id && t('catalogue.prerequisite.form'),
  ].filter(Boolean);
  return (
    <article
      className={item.active ? 'card catalogue-item' : 'card catalogue-item catalogue-item--inactive'}
      aria-labelledby={`catalogue-item-${item.id}`}
    >
      <h3 id={`catalogue-item-${item.id}`}>
        <span className="catalogue-item__code">{item.hcpcs}</span> {name}
        {!item.active && <span className="badge"> {t('catalogue.inactive')}</span>}
      </h3>
      <FactList
        facts={[
          [t('catalogue.fields.nameGb'), <span lang="en-GB">{item.name_gb}</span>],
          [t('catalogue.fields.nameCn'), <span lang="zh-CN">{item.name_cn}</span>],
          [
            t('catalogue.fields.supply'),
            item.supply === 'rental'
              ? t('catalogue.rentalFor', { months: months(item.rental_months) })
              : t('supply.purchase'),
          ],
          [t('catalogue.fields.resupplyDays'), days(item.resupply_days)],
          [t('catalogue.fields.maintenanceMonths'), months(item.maintenance_months)],
          [t('catalogue.fields.prerequisites'), prerequisites.length ? prerequisites.join(' · ') : none],
          [t('catalogue.fields.manual'), item.manual_template_id ? t('catalogue.hasManual') : none],
        ]}
      />
      <div className="catalogue-item__actions">
        <button type="button" className="button button--secondary" onClick={onEdit}>
          {t('catalogue.edit')}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button
          type="button"
          className={item.active ? 'button button--danger-outline' : 'button button--secondary'}
          disabled={busy}
          onClick={() => onActive(!item.active)}
        >
          {t(item.active ? 'catalogue.deactivate' : 'catalogue.reactivate')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
    </article>
  );
}
