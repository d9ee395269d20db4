import { z } from 'zod';
import { templateEditionUpload, type DocumentLanguage } from '@portal/protocol';
import type { Issue } from '../../ui/form/issue-message.ts';

/** An edition as the library's forms hold it: the protocol's texts, and the PDF as picked (sent as base64). */
export const editionDraft = templateEditionUpload
  .omit({ pdf_base64: true })
  .extend({ file: z.instanceof(File) });
export type EditionDraft = z.output<typeof editionDraft>;

const isBlank = (draft: unknown) => {
  const { file, title, description } = (draft ?? {}) as Partial<Record<string, unknown>>;
  return !file && !String(title ?? '').trim() && !String(description ?? '').trim();
};

/** An optional edition is all or nothing: one left blank is no edition. */
export const optionalEditionDraft = z.preprocess(
  (draft) => (isBlank(draft) ? undefined : draft),
  editionDraft.optional(),
);

/** The words for a missing part of an edition, by the field's own name. */
const MISSING: Partial<Record<string, string>> = {
  file: 'upload.missingPdf',
  title: 'upload.missingTitle',
};

/**
 * The library's words for what an edition's schema refuses; a started Chinese edition that is
 * not whole is told as such, since leaving it blank is as good as completing it.
 */
export function editionMessageOf({ path = [] }: Issue) {
  if (path[0] === 'cn' && path.length > 1) return { key: 'upload.cnIncomplete' };
  const key = MISSING[String(path.at(-1))];
  return key ? { key } : undefined;
}

export const editionLang = (language: DocumentLanguage) => (language === 'cn' ? 'zh-CN' : 'en-GB');
