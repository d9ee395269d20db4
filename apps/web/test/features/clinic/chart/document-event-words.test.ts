import { describe, expect, it } from 'vitest';
import { DOCUMENT_EVENT_ACTIONS } from '@portal/protocol';
import { i18next } from '../../../../src/i18n/index.ts';
import { LOCALES } from '../../../../src/i18n/locale.ts';

describe.each(LOCALES)('a document’s history on the chart in %s', (locale) => {
  it('names every action the server records in it', async () => {
    await i18next.loadLanguages(locale);
    await i18next.loadNamespaces('clinic');
    const words = i18next.getResource(locale, 'clinic', 'chart.documents.actions') as Record<string, string>;
    expect(DOCUMENT_EVENT_ACTIONS.filter((action) => !words[action])).toEqual([]);
  });
});
