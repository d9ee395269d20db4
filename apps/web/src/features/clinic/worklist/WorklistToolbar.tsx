import { useTranslation } from 'react-i18next';
import { WorklistSort } from '@portal/protocol';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { SearchForm } from '../../../ui/SearchForm.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import type { WorklistNarrowing } from './worklist-api.ts';

interface WorklistToolbarProps {
  narrowing: WorklistNarrowing;
  onChange: (change: Partial<WorklistNarrowing>) => void;
}

/** Search (submitted), order by waiting time and "assigned to me" (applied when chosen). */
export function WorklistToolbar({ narrowing, onChange }: WorklistToolbarProps) {
  const { t } = useTranslation('clinic-worklist');
  return (
    <div className="admin-toolbar worklist__toolbar">
      <SearchForm
        label={t('tools.search')}
        submitLabel={t('tools.searchSubmit')}
        hint={t('tools.searchHint')}
        initial={narrowing.q ?? ''}
        onSearch={(q) => onChange({ q })}
      />
      <SelectField
        className="admin-toolbar__filter"
        label={t('tools.sort')}
        value={narrowing.sort ?? ''}
        options={[
          { value: '', label: t('tools.sortQueue') },
          ...WorklistSort.options.map((sort) => ({ value: sort, label: t(`tools.sorts.${sort}`) })),
        ]}
        onChange={(value) => onChange({ sort: WorklistSort.safeParse(value).data })}
      />
      <div className="admin-toolbar__filter worklist__mine">
        <Checkbox
          label={t('tools.mine')}
          checked={narrowing.mine}
          onChange={(event) => onChange({ mine: event.target.checked })}
        />
      </div>
    </div>
  );
}
