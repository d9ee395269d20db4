import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { auditQuery } from '@portal/protocol';
import { Form } from '../../ui/form/Form.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import type { AuditFilters } from './audit-params.ts';

const TEXT = ['actor', 'subject', 'subject_name', 'action'] as const;
const DAYS = ['from', 'to'] as const;

/** Whole days as the date inputs give them; an empty one bounds nothing. */
const day = z.union([z.literal(''), z.iso.date()]);
const text = (name: (typeof TEXT)[number]) => auditQuery.shape[name].transform((value) => value ?? '');

/** The query's filters as typed: its text rules, and days in order as its times must be. */
const filtersSchema = z
  .object({
    actor: text('actor'),
    subject: text('subject'),
    subject_name: text('subject_name'),
    action: text('action'),
    from: day,
    to: day,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'] });

const CLEARED = { actor: '', subject: '', subject_name: '', action: '', from: '', to: '' };

/** Filters are applied together on submit; clearing returns to everything. */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (f: AuditFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const form = useZodForm(filtersSchema, {
    defaultValues: { ...CLEARED, ...filters },
    messageOf: (issue) => (issue.code === 'custom' ? { key: 'audit.filters.badRange' } : undefined),
  });
  return (
    <Form
      form={form}
      ns="admin"
      className="audit-filters"
      aria-label={t('audit.filters.label')}
      onValid={(typed) => onApply({ ...filters, ...typed, page: 1 })}
    >
      {TEXT.map((name) => (
        <FormTextField
          key={name}
          label={t(`audit.filters.${name}`)}
          hint={t(`audit.filters.${name}Hint`)}
          name={name}
        />
      ))}
      {DAYS.map((name) => (
        <FormTextField
          key={name}
          label={t(`audit.filters.${name}`)}
          name={name}
          type="date"
          deps={name === 'from' ? 'to' : undefined}
        />
      ))}
      <div className="audit-filters__actions">
        <button type="submit" className="button button--primary">
          {t('audit.filters.apply')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            form.reset(CLEARED);
            onApply({ ...filters, ...CLEARED, page: 1 });
          }}
        >
          {t('audit.filters.clear')}
        </button>
      </div>
    </Form>
  );
}
