import type { TemplateSummary } from '@portal/protocol';

/** The title in the reader's language when the template has that edition, else the English one. */
export function titleIn(template: Pick<TemplateSummary, 'titles'>, language: string): string {
  return (language === 'cn' && template.titles.cn) || template.titles.gb;
}
