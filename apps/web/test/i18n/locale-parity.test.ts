import { describe, expect, it } from 'vitest';

const gb = import.meta.glob<{ default: unknown }>('../../src/i18n/gb/*.ts', { eager: true });
const cn = import.meta.glob<{ default: unknown }>('../../src/i18n/cn/*.ts', { eager: true });

/** Every leaf key path, arrays by index, so lists must have the same length in both locales. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyPaths(item, `${prefix}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => keyPaths(item, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2] ?? '').sort();
}

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (item: unknown, path: string) => {
    if (typeof item === 'string') found.set(path, item);
    else if (Array.isArray(item)) item.forEach((child, i) => walk(child, `${path}[${i}]`));
    else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(value, prefix);
  return found;
}

const name = (file: string) => file.replace(/^.*\/i18n\/(gb|cn)\//, '');

describe('gb and cn resources', () => {
  it('have the same namespace files', () => {
    expect(Object.keys(cn).map(name).sort()).toEqual(Object.keys(gb).map(name).sort());
  });

  for (const file of Object.keys(gb)) {
    const namespace = name(file);
    it(`${namespace}: every key exists in both locales`, () => {
      const english = gb[file]?.default;
      const chinese = cn[file.replace('/gb/', '/cn/')]?.default;
      const onlyGb = keyPaths(english).filter((k) => !keyPaths(chinese).includes(k));
      const onlyCn = keyPaths(chinese).filter((k) => !keyPaths(english).includes(k));
      expect({ onlyGb, onlyCn }).toEqual({ onlyGb: [], onlyCn: [] });
    });

    it(`${namespace}: texts are filled in and keep their placeholders`, () => {
      const english = leaves(gb[file]?.default);
      const chinese = leaves(cn[file.replace('/gb/', '/cn/')]?.default);
      for (const [path, text] of english) {
        const translated = chinese.get(path) ?? '';
        expect(translated.trim(), `cn ${namespace}:${path}`).not.toBe('');
        expect(placeholders(translated), `placeholders of ${namespace}:${path}`).toEqual(placeholders(text));
      }
    });
  }

  it('cn texts are really Chinese, not copied English', () => {
    // A single word may be a proper name shown as is in both (English, Zendesk); a phrase may not.
    const englishPhrase = /[a-z]{3,}\s+[a-z]{3,}/i;
    const copied = Object.keys(gb).flatMap((file) => {
      const english = leaves(gb[file]?.default);
      const chinese = leaves(cn[`./cn/${name(file)}`]?.default);
      return [...english]
        .filter(
          ([path, text]) =>
            chinese.get(path) === text && englishPhrase.test(text.replace(/\{\{\w+\}\}/g, '')),
        )
        .map(([path]) => `${name(file)}:${path}`);
    });
    expect(copied).toEqual([]);
  });
});
