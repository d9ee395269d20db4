import { useTranslation } from 'react-i18next';
import { CatalogueCategory, type CatalogueItem } from '@portal/protocol';

interface CatalogueTableProps {
  items: readonly CatalogueItem[];
  onEdit: (item: CatalogueItem) => void;
}

const categoryRank = (item: CatalogueItem) => CatalogueCategory.options.indexOf(item.category);

/**
 * The catalogue as one data table, category by category, so the desk scans codes and rules down a
 * column; on a phone each row becomes a card (admin-tables.css).
 */
export function CatalogueTable({ items, onEdit }: CatalogueTableProps) {
  const { t, i18n } = useTranslation('orders-staff');
  const cn = i18n.language === 'cn';
  const none = t('none');
  const months = (value: number | null) => (value === null ? none : t('months', { count: value }));
  const prerequisites = (item: CatalogueItem) =>
    [
      item.requires_prescription && t('catalogue.prerequisite.prescription'),
      item.requires_prior_authorisation && t('catalogue.prerequisite.priorAuthorisation'),
      item.bf_adl_within_days !== null &&
        t('catalogue.prerequisite.bfAdl', { count: item.bf_adl_within_days }),
      item.form_template_id && t('catalogue.prerequisite.form'),
    ]
      .filter(Boolean)
      .join(' · ') || none;
  const sorted = [...items].sort((a, b) => categoryRank(a) - categoryRank(b));
  const column = (key: string) => t(`catalogue.columns.${key}`);
  return (
    <table className="data-table catalogue-table">
      <caption>{t('catalogue.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{column('hcpcs')}</th>
          <th scope="col">{column('name')}</th>
          <th scope="col">{column('category')}</th>
          <th scope="col">{column('supply')}</th>
          <th scope="col">{column('resupply')}</th>
          <th scope="col">{column('prerequisites')}</th>
          <th scope="col">{column('status')}</th>
          <th scope="col" className="data-table__actions">
            <span className="visually-hidden">{column('actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((item) => {
          // The reader's language first, the other beneath: patients read either.
          const [name, other] = cn
            ? [item.name_cn, <span lang="en-GB">{item.name_gb}</span>]
            : [item.name_gb, <span lang="zh-CN">{item.name_cn}</span>];
          return (
            <tr key={item.id} className={item.active ? undefined : 'catalogue-table__inactive'}>
              <td data-label={column('hcpcs')} className="catalogue-table__code">
                {item.hcpcs}
              </td>
              <th scope="row" data-label={column('name')}>
                <span lang={cn ? 'zh-CN' : 'en-GB'}>{name}</span>
                <span className="catalogue-table__other-name">{other}</span>
              </th>
              <td data-label={column('category')}>{t(`category.${item.category}`)}</td>
              <td data-label={column('supply')}>
                {item.supply === 'rental'
                  ? t('catalogue.rentalFor', { months: months(item.rental_months) })
                  : t('supply.purchase')}
              </td>
              <td data-label={column('resupply')}>
                {item.resupply_days === null ? none : t('days', { count: item.resupply_days })}
              </td>
              <td data-label={column('prerequisites')}>{prerequisites(item)}</td>
              <td data-label={column('status')}>
                {t(item.active ? 'catalogue.status.active' : 'catalogue.status.inactive')}
              </td>
              <td className="data-table__actions">
                <button type="button" className="button button--secondary" onClick={() => onEdit(item)}>
                  {t('catalogue.edit')}
                  <span className="visually-hidden"> {name}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
