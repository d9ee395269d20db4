import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [text, setText] = useState(filters.q ?? '');
  const searchId = useId();
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: text.trim() || undefined });
  };
  return (
    <div className="admin-toolbar">
      <form role="search" className="admin-toolbar__search" onSubmit={search}>
        <label htmlFor={searchId} className="field__label">
          {t('list.search')}
        </label>
        <div className="admin-toolbar__search-row">
          <input
            id={searchId}
            type="search"
            name="q"
            className="field__input"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {t('list.searchSubmit')}
          </button>
        </div>
      </form>
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
