import { and, desc, eq } from 'drizzle-orm';
import {
  Codes,
  DOCUMENT_CONFLICTS,
  ProtocolError,
  type DocumentField,
  type DocumentLanguage,
  type TemplateVersionStatus,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { documentTemplateEditions, documentTemplateVersions } from '../../db/schema/index.ts';
import { storeDocumentFile } from '../../db/document-files.ts';
import type { CheckedPdf } from './pdf-upload.ts';

export interface EditionInput {
  language: DocumentLanguage;
  title: string;
  description: string;
  pdf: CheckedPdf;
  fields?: DocumentField[];
}

/** Stores the PDF and writes (or replaces) the edition of `versionId`. */
export async function writeEdition(
  ctx: AppContext,
  tx: Transaction,
  versionId: string,
  input: EditionInput,
): Promise<{ size: number }> {
  const file = await storeDocumentFile(ctx, tx, input.pdf.bytes, 'application/pdf');
  const values = {
    title: input.title,
    description: input.description,
    fileId: file.id,
    pageCount: input.pdf.pageCount,
    fields: input.fields ?? [],
    updatedAt: ctx.now(),
  };
  await tx
    .insert(documentTemplateEditions)
    .values({ versionId, language: input.language, ...values })
    .onConflictDoUpdate({
      target: [documentTemplateEditions.versionId, documentTemplateEditions.language],
      set: values,
    });
  return { size: file.size };
}

export async function insertVersion(
  ctx: AppContext,
  tx: Transaction,
  templateId: string,
  version: number,
  status: TemplateVersionStatus,
  adminId: string,
) {
  const now = ctx.now();
  const [row] = await tx
    .insert(documentTemplateVersions)
    .values({
      templateId,
      version,
      status,
      createdBy: adminId,
      createdAt: now,
      publishedAt: status === 'published' ? now : null,
    })
    .returning();
  return row!;
}

export async function templateVersions(tx: Transaction, templateId: string) {
  return tx
    .select()
    .from(documentTemplateVersions)
    .where(eq(documentTemplateVersions.templateId, templateId))
    .orderBy(desc(documentTemplateVersions.version));
}

/**
 * The draft edits go to: the existing one, or a new one numbered after the last, copied from
 * the published version (its editions share the published files: files never change). 10409
 * for a retired template.
 */
export async function draftFor(ctx: AppContext, tx: Transaction, templateId: string, adminId: string) {
  const versions = await templateVersions(tx, templateId);
  if (versions.some((v) => v.status === 'retired')) {
    throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.templateRetired);
  }
  const draft = versions.find((v) => v.status === 'draft');
  if (draft) return draft;
  const created = await insertVersion(ctx, tx, templateId, versions[0]!.version + 1, 'draft', adminId);
  const published = versions.find((v) => v.status === 'published');
  if (published) {
    const editions = await tx
      .select()
      .from(documentTemplateEditions)
      .where(eq(documentTemplateEditions.versionId, published.id));
    if (editions.length > 0) {
      await tx
        .insert(documentTemplateEditions)
        .values(editions.map((e) => ({ ...e, versionId: created.id, updatedAt: ctx.now() })));
    }
  }
  return created;
}

export async function findEdition(tx: Transaction, versionId: string, language: DocumentLanguage) {
  const [row] = await tx
    .select()
    .from(documentTemplateEditions)
    .where(
      and(eq(documentTemplateEditions.versionId, versionId), eq(documentTemplateEditions.language, language)),
    );
  return row;
}
