import { useTranslation } from 'react-i18next';
import { auditDetailLines, type DetailLine, type DetailWords } from './audit-detail.ts';

/** Stored values whose words the users screens already have (`admin` namespace). */
const WORDED_FIELDS: Record<string, string> = {
  roles: 'users.roles',
  role: 'users.roles',
  auths: 'users.auths',
  status: 'users.status',
};

const humanise = (key: string) => key.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

export interface AuditWords {
  action(action: string): string;
  outcome(outcome: string): string;
  detail(detail: Record<string, unknown> | null): DetailLine[];
}

/** Audit rows in the reader's words; a name the tables do not know yet shows as stored. */
export function useAuditWords(): AuditWords {
  const { t } = useTranslation(['audit-labels', 'admin']);
  const actions = t('actions', { returnObjects: true }) as Record<string, string>;
  const fields = t('fields', { returnObjects: true }) as Record<string, string>;
  const say: DetailWords = {
    field: (key) => fields[key] ?? humanise(key),
    value: (key, value) => {
      if (value === null) return t('values.none');
      if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
      const worded = WORDED_FIELDS[key];
      const text = String(value);
      return worded ? t(`${worded}.${text}`, { ns: 'admin', defaultValue: text }) : text;
    },
  };
  return {
    action: (action) => actions[action] ?? action,
    outcome: (outcome) => t(`outcomes.${outcome}`, { defaultValue: outcome }),
    detail: (detail) => auditDetailLines(detail, say),
  };
}
