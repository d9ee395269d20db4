import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../ui/SearchForm.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import type { TemplateLibraryQuery } from '@portal/protocol';
import { TEMPLATE_KINDS, TEMPLATE_STATUSES } from './library-types.ts';

interface LibraryToolbarProps {
  filters: TemplateLibraryQuery;
  onChange: (filters: TemplateLibraryQuery) => void;
}

/** Search on the titles of both editions (submitted), kind and status (applied when chosen). */
export function LibraryToolbar({ filters, onChange }: LibraryToolbarProps) {
  const { t } = useTranslation('library');
  return (
    <div className="admin-toolbar">
      <SearchForm
        label={t('list.search')}
        submitLabel={t('list.searchSubmit')}
        initial={filters.q ?? ''}
        onSearch={(q) => onChange({ ...filters, q })}
      />
      <SelectField
        className="admin-toolbar__filter"
        label={t('list.kind')}
        value={filters.kind ?? ''}
        options={[
          { value: '', label: t('list.all') },
          ...TEMPLATE_KINDS.map((kind) => ({ value: kind, label: t(`templateKinds.${kind}`) })),
        ]}
        onChange={(kind) =>
          onChange({ ...filters, kind: (kind || undefined) as TemplateLibraryQuery['kind'] })
        }
      />
      <SelectField
        className="admin-toolbar__filter"
        label={t('list.status')}
        value={filters.status ?? ''}
        options={[
          { value: '', label: t('list.all') },
          ...TEMPLATE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        ]}
        onChange={(status) =>
          onChange({ ...filters, status: (status || undefined) as TemplateLibraryQuery['status'] })
        }
      />
    </div>
  );
}
