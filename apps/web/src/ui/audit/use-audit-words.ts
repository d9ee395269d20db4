import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { auditTargetParts } from '@portal/protocol';
import { auditDetailLines, type DetailLine, type DetailWords } from './audit-detail.ts';

export const AUDIT_NAMESPACES = ['audit-labels', 'admin', 'clinic-worklist'] as const;

/**
 * Stored values whose words other screens already have, by the detail key they are stored
 * under: the users and settings screens, the worklist's queues. The audit labels' own `values`
 * come first.
 */
const WORDS_ELSEWHERE: Record<string, string> = {
  roles: 'admin:users.roles',
  role: 'admin:users.roles',
  auths: 'admin:users.auths',
  status: 'admin:users.status',
  changed: 'admin:settings.fields',
  queue: 'clinic-worklist:queues',
};

type Words = Partial<Record<string, string>>;

/** The words the tables hold for the audit vocabulary's names; undefined for a name they lack. */
export interface AuditVocabulary {
  action(action: string): string | undefined;
  /** A record kind's word (`caregiver_grants`, an intake section). */
  record(kind: string): string | undefined;
  field(key: string): string | undefined;
  value(key: string, value: string): string | undefined;
}

export function auditVocabulary(t: TFunction<typeof AUDIT_NAMESPACES>): AuditVocabulary {
  const table = <T>(key: string) => t(key, { ns: 'audit-labels', returnObjects: true }) as T;
  const actions = table<Words>('actions');
  const records = table<Words>('records');
  const fields = table<Words>('fields');
  const values = table<Partial<Record<string, Words>>>('values');
  return {
    action: (action) => actions[action],
    record: (kind) => records[kind],
    field: (key) => fields[key],
    value: (key, value) => {
      if (key === 'action') return actions[value];
      const own = values[key]?.[value];
      if (own) return own;
      const elsewhere = WORDS_ELSEWHERE[key];
      return (elsewhere && t(`${elsewhere}.${value}`, { defaultValue: '' })) || undefined;
    },
  };
}

const humanise = (key: string) => key.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

export interface AuditWords {
  action(action: string): string;
  outcome(outcome: string): string;
  /** The record a row names: its kind in words, and the rest (an id, a section) as stored. */
  target(target: string): { kind: string; rest: string | null };
  detail(detail: Record<string, unknown> | null): DetailLine[];
}

/** Audit rows in the reader's words; a name the tables do not know (an older row's) shows as stored. */
export function useAuditWords(): AuditWords {
  const { t } = useTranslation(AUDIT_NAMESPACES);
  const words = auditVocabulary(t);
  const say: DetailWords = {
    field: (key) => words.field(key) ?? humanise(key),
    value: (key, value) => {
      if (value === null) return t('words.none');
      if (typeof value === 'boolean') return t(value ? 'words.yes' : 'words.no');
      const text = String(value);
      return words.value(key, text) ?? text;
    },
    separators: { list: t('punctuation.list'), fields: t('punctuation.fields') },
  };
  return {
    action: (action) => words.action(action) ?? action,
    outcome: (outcome) => t(`outcomes.${outcome}`, { defaultValue: outcome }),
    target: (target) => {
      const { kind, rest } = auditTargetParts(target);
      // A section or an instrument after the kind has words of its own; an id shows as stored.
      const restWords =
        rest === null ? null : (words.value('section', rest) ?? words.value('instrument', rest));
      return { kind: words.record(kind) ?? kind, rest: restWords ?? rest };
    },
    detail: (detail) => auditDetailLines(detail, say),
  };
}
