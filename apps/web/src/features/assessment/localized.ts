import type { LocalizedText } from '@portal/protocol';

/** An instrument's own wording in the interface language; gb is the fallback (spec §1). */
export function localized(text: LocalizedText, language: string): string {
  return language === 'cn' ? text.cn : text.gb;
}
