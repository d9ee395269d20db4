import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_DETAIL_KEYS, AUDIT_DETAIL_VALUES, AUDIT_RECORD_KINDS } from '@portal/protocol';
import { i18next } from '../../../src/i18n/index.ts';
import { LOCALES } from '../../../src/i18n/locale.ts';
import { AUDIT_NAMESPACES, auditVocabulary } from '../../../src/ui/audit/use-audit-words.ts';

/** The protocol's audit vocabulary (what the server may record) against one locale's words. */
async function vocabularyIn(locale: (typeof LOCALES)[number]) {
  await i18next.loadLanguages(locale);
  await i18next.loadNamespaces([...AUDIT_NAMESPACES]);
  return auditVocabulary(i18next.getFixedT(locale, [...AUDIT_NAMESPACES]));
}

describe.each(LOCALES)('the audit log in %s', (locale) => {
  it('has words for every action the server records', async () => {
    const words = await vocabularyIn(locale);
    expect(AUDIT_ACTIONS.filter((action) => !words.action(action))).toEqual([]);
  });

  it('has words for every kind of record the server names in a row', async () => {
    const words = await vocabularyIn(locale);
    expect(AUDIT_RECORD_KINDS.filter((kind) => !words.record(kind))).toEqual([]);
  });

  it('has words for every detail key', async () => {
    const words = await vocabularyIn(locale);
    expect(AUDIT_DETAIL_KEYS.filter((key) => !words.field(key))).toEqual([]);
  });

  it('has words for every listed value of a detail key', async () => {
    const words = await vocabularyIn(locale);
    const missing = Object.entries(AUDIT_DETAIL_VALUES).flatMap(([key, values]) =>
      (values as readonly string[])
        .filter((value) => !words.value(key, value))
        .map((value) => `${key}: ${value}`),
    );
    expect(missing).toEqual([]);
  });

  it('words no action or key the server does not record', async () => {
    await vocabularyIn(locale);
    const table = (name: string) =>
      Object.keys(i18next.getResource(locale, 'audit-labels', name) as Record<string, string>);
    const known = new Set<string>([...AUDIT_ACTIONS, ...AUDIT_DETAIL_KEYS, ...AUDIT_RECORD_KINDS]);
    expect(
      [...table('actions'), ...table('fields'), ...table('records')].filter((name) => !known.has(name)),
    ).toEqual([]);
  });
});
