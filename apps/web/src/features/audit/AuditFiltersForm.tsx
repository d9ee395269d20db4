import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';
import type { AuditFilters } from './audit-params.ts';

const TEXT = ['actor', 'subject', 'subject_name', 'action'] as const;
const DAYS = ['from', 'to'] as const;

/** Filters are applied together on submit; clearing returns to everything. */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (f: AuditFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(filters);
  const set = (name: keyof AuditFilters, value: string) => setDraft((d) => ({ ...d, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  };
  const dayError = draft.from && draft.to && draft.from > draft.to ? t('audit.filters.badRange') : undefined;
  return (
    <form className="audit-filters" aria-label={t('audit.filters.label')} noValidate onSubmit={submit}>
      {TEXT.map((name) => (
        <TextField
          key={name}
          label={t(`audit.filters.${name}`)}
          hint={t(`audit.filters.${name}Hint`)}
          name={name}
          value={draft[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      ))}
      {DAYS.map((name) => (
        <TextField
          key={name}
          label={t(`audit.filters.${name}`)}
          name={name}
          type="date"
          value={draft[name]}
          onChange={(e) => set(name, e.target.value)}
          error={name === 'to' ? dayError : undefined}
        />
      ))}
      <div className="audit-filters__actions">
        <button type="submit" className="button button--primary" disabled={Boolean(dayError)}>
          {t('audit.filters.apply')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            const cleared = {
              ...draft,
              actor: '',
              subject: '',
              subject_name: '',
              action: '',
              from: '',
              to: '',
              page: 1,
            };
            setDraft(cleared);
            onApply(cleared);
          }}
        >
          {t('audit.filters.clear')}
        </button>
      </div>
    </form>
  );
}
