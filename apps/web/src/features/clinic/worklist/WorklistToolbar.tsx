import { useTranslation } from 'react-i18next';
import { HoldReason, WorklistSort, type WorklistPage } from '@portal/protocol';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { SearchForm } from '../../../ui/SearchForm.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import { useCappedCount } from './capped-count.ts';
import type { WorklistNarrowing } from './worklist-api.ts';

interface WorklistToolbarProps {
  narrowing: WorklistNarrowing;
  /** On orders on hold: how many orders wait for each reason, for the reason filter. */
  holdCounts: WorklistPage['hold_counts'];
  onChange: (change: Partial<WorklistNarrowing>) => void;
}

/**
 * Search (submitted), order by waiting time and "assigned to me", and on orders on hold the
 * hold reason with its count (applied when chosen). Native selects: keyboard and screen reader
 * work as everywhere else.
 */
export function WorklistToolbar({ narrowing, holdCounts, onChange }: WorklistToolbarProps) {
  const { t } = useTranslation('clinic-worklist');
  // Counted as the queues are: at the cap, "1,000+".
  const cappedCount = useCappedCount();
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
      {holdCounts && (
        <SelectField
          className="admin-toolbar__filter"
          label={t('tools.holdReason')}
          value={narrowing.holdReason ?? ''}
          options={[
            { value: '', label: t('tools.holdReasonAll') },
            ...holdCounts.map(({ reason, count }) => ({
              value: reason,
              label: t('tools.holdReasonCount', {
                reason: t(`row.holdReason.${reason}`),
                n: cappedCount(count).text,
              }),
            })),
          ]}
          onChange={(value) => onChange({ holdReason: HoldReason.safeParse(value).data })}
        />
      )}
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
