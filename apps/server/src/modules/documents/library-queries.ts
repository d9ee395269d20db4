import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  DocumentLanguage,
  TemplateDetail,
  TemplateStatus,
  TemplateSummary,
  TemplateUse,
  TemplateVersion,
} from '@portal/protocol';
import type { Queryable } from '../../db/database.ts';
import {
  documentAssignments,
  documentFiles,
  documentReads,
  documentTemplateEditions,
  documentTemplates,
  documentTemplateVersions,
} from '../../db/schema/index.ts';

type VersionRow = typeof documentTemplateVersions.$inferSelect;

const SIGNED = new Set(['signed', 'submitted', 'completed']);
const PENDING = new Set(['draft', 'pending_signature']);

/** draft until first published, retired once retired, else published. */
function statusOf(versions: readonly VersionRow[]): TemplateStatus {
  if (versions.some((v) => v.status === 'retired')) return 'retired';
  if (versions.some((v) => v.status === 'published' || v.status === 'superseded')) return 'published';
  return 'draft';
}

/** The version lists show: the published one, else the last retired, else the draft. */
function currentOf(versions: readonly VersionRow[]): VersionRow {
  return (
    versions.find((v) => v.status === 'published') ??
    versions.find((v) => v.status === 'retired' && v.publishedAt !== null) ??
    versions[0]!
  );
}

/** Templates (all, or those ids) with every version, edition and count of use; newest first. */
export async function loadTemplateDetails(db: Queryable, ids?: readonly string[]): Promise<TemplateDetail[]> {
  const templates = await db
    .select()
    .from(documentTemplates)
    .where(ids ? inArray(documentTemplates.id, [...ids]) : undefined)
    .orderBy(desc(documentTemplates.createdAt), asc(documentTemplates.id));
  if (templates.length === 0) return [];
  const rows = await loadTemplateRows(
    db,
    templates.map((t) => t.id),
  );
  return templates.map((template) => templateDetailView(template, rows));
}

type TemplateRows = Awaited<ReturnType<typeof loadTemplateRows>>;

/** The versions, editions, uses and reads of these templates. */
async function loadTemplateRows(db: Queryable, templateIds: string[]) {
  // One after another: `db` may be a transaction (db/in-turn.ts).
  const versions = await db
    .select()
    .from(documentTemplateVersions)
    .where(inArray(documentTemplateVersions.templateId, templateIds))
    .orderBy(desc(documentTemplateVersions.version));
  const editions = await db
    .select({
      versionId: documentTemplateEditions.versionId,
      language: documentTemplateEditions.language,
      title: documentTemplateEditions.title,
      description: documentTemplateEditions.description,
      pageCount: documentTemplateEditions.pageCount,
      fields: documentTemplateEditions.fields,
      updatedAt: documentTemplateEditions.updatedAt,
      size: documentFiles.size,
      sha256: documentFiles.sha256,
    })
    .from(documentTemplateEditions)
    .innerJoin(documentTemplateVersions, eq(documentTemplateVersions.id, documentTemplateEditions.versionId))
    .innerJoin(documentFiles, eq(documentFiles.id, documentTemplateEditions.fileId))
    .where(inArray(documentTemplateVersions.templateId, templateIds))
    .orderBy(desc(documentTemplateEditions.language));
  const uses = await db
    .select({
      versionId: documentAssignments.templateVersionId,
      status: documentAssignments.status,
      n: count(),
    })
    .from(documentAssignments)
    .where(inArray(documentAssignments.templateId, templateIds))
    .groupBy(documentAssignments.templateVersionId, documentAssignments.status);
  const reads = await db
    .select({ templateId: documentReads.templateId, n: count() })
    .from(documentReads)
    .where(inArray(documentReads.templateId, templateIds))
    .groupBy(documentReads.templateId);
  return { versions, editions, uses, readsOf: new Map(reads.map((r) => [r.templateId, r.n])) };
}

/** One template as the library shows it, its use counted over every version. */
function templateDetailView(
  template: typeof documentTemplates.$inferSelect,
  rows: TemplateRows,
): TemplateDetail {
  const own = rows.versions.filter((v) => v.templateId === template.id);
  const use: TemplateUse = { sent: 0, signed: 0, pending: 0, read: rows.readsOf.get(template.id) ?? 0 };
  const versionViews = own.map((v) => versionView(v, rows, use));
  const current = versionViews.find((v) => v.version === currentOf(own).version)!;
  const title = (language: DocumentLanguage) =>
    current.editions.find((e) => e.language === language)?.title ?? null;
  const published = own.find((v) => v.status === 'published' || v.status === 'retired');
  return {
    id: template.id,
    kind: template.kind,
    status: statusOf(own),
    titles: { gb: title('gb') ?? '', cn: title('cn') },
    languages: current.editions.map((e) => e.language),
    published_version: published?.publishedAt ? published.version : null,
    draft_version: own.find((v) => v.status === 'draft')?.version ?? null,
    use,
    created_by: template.createdBy,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
    versions: versionViews,
  };
}

/** One version with its editions; its assignments are added to the template's `use`. */
function versionView(v: VersionRow, rows: TemplateRows, use: TemplateUse): TemplateVersion {
  const mine = rows.uses.filter((u) => u.versionId === v.id);
  for (const u of mine) {
    use.sent += u.n;
    if (SIGNED.has(u.status)) use.signed += u.n;
    if (PENDING.has(u.status)) use.pending += u.n;
  }
  return {
    version: v.version,
    status: v.status,
    // 'gb' sorts after 'cn': descending puts gb first.
    editions: rows.editions
      .filter((e) => e.versionId === v.id)
      .map((e) => ({
        language: e.language,
        title: e.title,
        description: e.description,
        page_count: e.pageCount,
        size: e.size,
        sha256: e.sha256,
        fields: e.fields,
        updated_at: e.updatedAt.toISOString(),
      })),
    created_at: v.createdAt.toISOString(),
    published_at: v.publishedAt?.toISOString() ?? null,
    sent: mine.reduce((sum, u) => sum + u.n, 0),
  };
}

/** A detail without its versions, for lists. */
export function summaryOf({ versions: _versions, ...summary }: TemplateDetail): TemplateSummary {
  return summary;
}
