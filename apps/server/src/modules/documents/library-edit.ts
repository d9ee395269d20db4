import { and, eq } from 'drizzle-orm';
import {
  Codes,
  DOCUMENT_CONFLICTS,
  ProtocolError,
  TEMPLATE_PUBLISH_REFUSALS,
  type DocumentField,
  type FieldError,
  type TemplateDetail,
  type templateCreateRequest,
  type templateEditionFieldsRequest,
  type templateEditionRequest,
  type templatePublishRequest,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext, RequestMeta } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import {
  documentTemplateEditions,
  documentTemplates,
  documentTemplateVersions,
} from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { lockTemplate } from './assign-documents.ts';
import { loadTemplateDetails } from './library-queries.ts';
import { checkedUpload } from './pdf-upload.ts';
import { findTemplate } from './document-queries.ts';
import { draftFor, findEdition, insertVersion, templateVersions, writeEdition } from './template-versions.ts';

/** 10400 for a field on a page the edition lacks. */
export function checkFieldPages(fields: readonly DocumentField[], pageCount: number): void {
  const outside = fields.findIndex((field) => field.page > pageCount);
  if (outside >= 0) {
    throw new ProtocolError(Codes.validation, undefined, [
      { path: `fields.${outside}.page`, message: `The document has ${pageCount} page(s)` },
    ]);
  }
}

async function detailIn(tx: Transaction, id: string): Promise<TemplateDetail> {
  return (await loadTemplateDetails(tx, [id]))[0]!;
}

/** Locks the template for the change (10404 if there is none) and bumps its change time. */
async function editing(ctx: AppContext, tx: Transaction, id: string) {
  if (!(await findTemplate(tx, id))) throw new ProtocolError(Codes.itemsNotFound);
  await lockTemplate(tx, id);
  await tx.update(documentTemplates).set({ updatedAt: ctx.now() }).where(eq(documentTemplates.id, id));
}

/** A new template: version 1, a draft, with its gb edition and its cn one if given. */
export async function createTemplate(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateCreateRequest>,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  const gb = await checkedUpload(input.gb.pdf_base64);
  const cn = input.cn && (await checkedUpload(input.cn.pdf_base64));
  return ctx.db.transaction(async (tx) => {
    const [template] = await tx
      .insert(documentTemplates)
      .values({ kind: input.kind, createdBy: adminId, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning();
    const version = await insertVersion(ctx, tx, template!.id, 1, 'draft', adminId);
    await writeEdition(ctx, tx, version.id, { language: 'gb', ...input.gb, pdf: gb });
    if (input.cn && cn) await writeEdition(ctx, tx, version.id, { language: 'cn', ...input.cn, pdf: cn });
    await recordAudit(tx, meta, {
      action: 'document.template.create',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${template!.id}`,
      detail: { kind: input.kind, locale: cn ? ['gb', 'cn'] : ['gb'] },
    });
    return detailIn(tx, template!.id);
  });
}

/**
 * Adds or replaces an edition of the draft. A new PDF keeps the fields that still fit its pages;
 * without one only the texts change.
 */
export async function putEdition(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateEditionRequest>,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  const pdf = input.pdf_base64 === undefined ? undefined : await checkedUpload(input.pdf_base64);
  return ctx.db.transaction(async (tx) => {
    await editing(ctx, tx, input.id);
    const draft = await draftFor(ctx, tx, input.id, adminId);
    const existing = await findEdition(tx, draft.id, input.language);
    if (pdf) {
      const fields = (existing?.fields ?? []).filter((field) => field.page <= pdf.pageCount);
      await writeEdition(ctx, tx, draft.id, { ...input, pdf, fields });
    } else if (existing) {
      await tx
        .update(documentTemplateEditions)
        .set({ title: input.title, description: input.description, updatedAt: ctx.now() })
        .where(
          and(
            eq(documentTemplateEditions.versionId, draft.id),
            eq(documentTemplateEditions.language, input.language),
          ),
        );
    } else {
      throw new ProtocolError(Codes.validation, undefined, [
        { path: 'pdf_base64', message: TEMPLATE_PUBLISH_REFUSALS.editionWithoutPdf },
      ]);
    }
    await recordAudit(tx, meta, {
      action: 'document.template.edition',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${input.id}`,
      detail: { locale: input.language, version: draft.version, ...(pdf && { size: pdf.bytes.length }) },
    });
    return detailIn(tx, input.id);
  });
}

/** Sets the fields of one edition of the draft. */
export async function setEditionFields(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templateEditionFieldsRequest>,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  return ctx.db.transaction(async (tx) => {
    await editing(ctx, tx, input.id);
    const draft = await draftFor(ctx, tx, input.id, adminId);
    const edition = await findEdition(tx, draft.id, input.language);
    if (!edition) {
      throw new ProtocolError(Codes.validation, undefined, [
        { path: 'language', message: TEMPLATE_PUBLISH_REFUSALS.editionWithoutPdf },
      ]);
    }
    checkFieldPages(input.fields, edition.pageCount);
    await tx
      .update(documentTemplateEditions)
      .set({ fields: input.fields, updatedAt: ctx.now() })
      .where(
        and(
          eq(documentTemplateEditions.versionId, draft.id),
          eq(documentTemplateEditions.language, input.language),
        ),
      );
    await recordAudit(tx, meta, {
      action: 'document.template.fields',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${input.id}`,
      detail: { fields: input.fields.length, locale: input.language, version: draft.version },
    });
    return detailIn(tx, input.id);
  });
}

/**
 * Publishes the draft the editor showed: gb required, and a form for signature needs a
 * signature field in every edition (10400 naming the edition). The published version before
 * it is superseded; documents already sent keep theirs.
 */
export async function publishTemplate(
  ctx: AppContext,
  adminId: string,
  input: z.output<typeof templatePublishRequest>,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  return ctx.db.transaction(async (tx) => {
    await editing(ctx, tx, input.id);
    const template = (await findTemplate(tx, input.id))!;
    const versions = await templateVersions(tx, input.id);
    if (versions.some((v) => v.status === 'retired')) {
      throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.templateRetired);
    }
    const draft = versions.find((v) => v.status === 'draft');
    if (!draft) throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.noDraft);
    if (draft.version !== input.version)
      throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.staleDraft);
    const editions = await tx
      .select()
      .from(documentTemplateEditions)
      .where(eq(documentTemplateEditions.versionId, draft.id));
    const errors: FieldError[] = [];
    if (!editions.some((e) => e.language === 'gb')) {
      errors.push({ path: 'editions.gb', message: TEMPLATE_PUBLISH_REFUSALS.missingGbEdition });
    }
    if (template.kind === 'signature') {
      for (const edition of editions) {
        if (!edition.fields.some((field) => field.kind === 'signature')) {
          errors.push({
            path: `editions.${edition.language}.fields`,
            message: TEMPLATE_PUBLISH_REFUSALS.missingSignatureField,
          });
        }
      }
    }
    if (errors.length > 0) throw new ProtocolError(Codes.validation, errors[0]!.message, errors);
    await tx
      .update(documentTemplateVersions)
      .set({ status: 'superseded' })
      .where(
        and(
          eq(documentTemplateVersions.templateId, input.id),
          eq(documentTemplateVersions.status, 'published'),
        ),
      );
    await tx
      .update(documentTemplateVersions)
      .set({ status: 'published', publishedAt: ctx.now() })
      .where(eq(documentTemplateVersions.id, draft.id));
    await recordAudit(tx, meta, {
      action: 'document.template.publish',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${input.id}`,
      detail: { version: draft.version, locale: editions.map((e) => e.language) },
    });
    return detailIn(tx, input.id);
  });
}

/** Retires the template: nothing more is sent or edited; documents sent and the history stay. */
export async function retireTemplate(
  ctx: AppContext,
  adminId: string,
  id: string,
  meta: RequestMeta,
): Promise<TemplateDetail> {
  return ctx.db.transaction(async (tx) => {
    await editing(ctx, tx, id);
    const versions = await templateVersions(tx, id);
    if (versions.some((v) => v.status === 'retired')) {
      throw new ProtocolError(Codes.conflict, DOCUMENT_CONFLICTS.alreadyRetired);
    }
    const live = versions.filter((v) => v.status === 'published' || v.status === 'draft');
    for (const version of live) {
      await tx
        .update(documentTemplateVersions)
        .set({ status: 'retired' })
        .where(eq(documentTemplateVersions.id, version.id));
    }
    await recordAudit(tx, meta, {
      action: 'document.template.retire',
      outcome: 'success',
      actorId: adminId,
      target: `document_templates:${id}`,
      detail: { version: live.map((v) => v.version) },
    });
    return detailIn(tx, id);
  });
}
