import { describe, expect, test } from 'vitest';
import { LANGUAGE_ENDONYMS, languages } from '../../../src/ui/intake-record/named-codes.ts';

describe('the intake language list', () => {
  test("each name in itself is the browser's own, where the browser has data for the language", () => {
    // Chromium ships a trimmed ICU (no Cantonese or Somali names); the table, taken from full
    // ICU, may name those where the browser cannot.
    const known = LANGUAGE_ENDONYMS.filter(([code]) => Intl.DisplayNames.supportedLocalesOf([code]).length);
    const disagreeing = known.filter(
      ([code, endonym]) => endonym !== new Intl.DisplayNames([code], { type: 'language' }).of(code),
    );
    expect(disagreeing).toEqual([]);
    expect(known.length).toBeGreaterThan(30);
  });

  test('names each language in the interface language and in itself, "another language" last', () => {
    const list = languages('cn', '其他语言');
    expect(list.find((l) => l.code === 'pl')?.name).toBe('波兰语 (polski)');
    expect(list.find((l) => l.code === 'zh-Hans')?.name).toBe('简体中文');
    expect(list.at(-1)).toEqual({ code: 'und', name: '其他语言' });
    expect(languages('gb', 'Another language').find((l) => l.code === 'en')?.name).toBe('English');
  });
});
