import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { CARD_MAX_BYTES, Codes, ProtocolError, type Coverage } from '@portal/protocol';
import { readUpload } from '../../lib/files/uploaded-file.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { patientFiles } from '../../db/schema/index.ts';
import { recordAudit, recordStandaloneAudit } from '../audit/index.ts';
import { selectCoveragesWithCards, type CardFile } from './coverage-queries.ts';
import { assertSectionOpen } from './intake-reviews.ts';
import {
  decryptedResource,
  deletePatientResource,
  listPatientResources,
  savePatientResource,
  type StoredResource,
} from './resource-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

const PREFIX = 'insurance:';
const coverageKind = (type: string) => `${PREFIX}${type}` as const;
const cardSlot = (type: string, side: string) => `insurance:${type}:${side}` as const;
const cardContext = (userId: string, slot: string) => `file:${userId}:${slot}`;
const CARD_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;

export function listCoverages(ctx: AppContext, db: Queryable, userId: string): Promise<StoredResource[]> {
  return listPatientResources(ctx, db, userId, PREFIX);
}

/** The token response's `insurance_type` (spec §3): the primary coverage's type. */
export async function primaryInsuranceType(ctx: AppContext, userId: string): Promise<string | null> {
  const coverages = (await listCoverages(ctx, ctx.db, userId)).map((c) => c.value as Coverage);
  return coverages.find((c) => c.primary)?.insurance_type ?? null;
}

/** Every coverage with its card images' metadata; the answer waits for its audit row's commit. */
export async function readCoverages(ctx: AppContext, actor: Actor) {
  const rows = await selectCoveragesWithCards(ctx.db, actor.patientId);
  const coverages = rows.map((row) => ({ ...decryptedResource(ctx, row), cards: row }));
  // A read has no change to commit with: its row joins the group commit of concurrent reads.
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'patient.read',
    outcome: 'success',
    actorId: actor.patientId,
    target: 'insurance',
  });
  const card = (file: CardFile | null) =>
    file ? { mime: file.mime, size: file.size, updated_at: file.updatedAt.toISOString() } : null;
  return coverages.map((c) => ({
    value: c.value as Coverage,
    version: c.version,
    updated_at: c.updatedAt.toISOString(),
    cards: { front: card(c.cards.front), back: card(c.cards.back) },
  }));
}

/**
 * One coverage per insurance type. Exactly one coverage is primary: saving one as
 * primary demotes the others, and a patient's only coverage is primary.
 */
export async function saveCoverage(
  ctx: AppContext,
  actor: Actor,
  request: { version: number; value: Coverage },
) {
  await ctx.db.transaction(async (tx) => {
    await assertSectionOpen(ctx, tx, actor.patientId, 'insurance');
    const others = (await listCoverages(ctx, tx, actor.patientId)).filter(
      (c) => c.kind !== coverageKind(request.value.insurance_type),
    );
    const primary = request.value.primary || !others.some((c) => (c.value as Coverage).primary);
    await savePatientResource(
      ctx,
      tx,
      actor.patientId,
      coverageKind(request.value.insurance_type),
      { ...request.value, primary },
      request.version,
    );
    if (primary) {
      for (const other of others.filter((c) => (c.value as Coverage).primary)) {
        await savePatientResource(ctx, tx, actor.patientId, other.kind, {
          ...(other.value as Coverage),
          primary: false,
        });
      }
    }
    await recordAudit(tx, actor.meta, {
      action: 'patient.write',
      outcome: 'success',
      actorId: actor.patientId,
      target: coverageKind(request.value.insurance_type),
    });
  });
  return readCoverages(ctx, actor);
}

export async function deleteCoverage(ctx: AppContext, actor: Actor, insuranceType: string) {
  await ctx.db.transaction(async (tx) => {
    await assertSectionOpen(ctx, tx, actor.patientId, 'insurance');
    const [removed] = (await listCoverages(ctx, tx, actor.patientId)).filter(
      (c) => c.kind === coverageKind(insuranceType),
    );
    if (!removed || !(await deletePatientResource(tx, actor.patientId, removed.kind)))
      throw new ProtocolError(Codes.itemsNotFound);
    await tx
      .delete(patientFiles)
      .where(
        and(
          eq(patientFiles.userId, actor.patientId),
          like(patientFiles.slot, `insurance:${insuranceType}:%`),
        ),
      );
    const [next] = await listCoverages(ctx, tx, actor.patientId);
    if ((removed.value as Coverage).primary && next) {
      await savePatientResource(ctx, tx, actor.patientId, next.kind, {
        ...(next.value as Coverage),
        primary: true,
      });
    }
    await recordAudit(tx, actor.meta, {
      action: 'patient.delete',
      outcome: 'success',
      actorId: actor.patientId,
      target: coverageKind(insuranceType),
    });
  });
  return readCoverages(ctx, actor);
}

// A flat character class: a repeated group would overflow V8's regex stack on a 7 MB string.
const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);

/** A card image for an existing coverage: PNG, JPEG or PDF as parsed (10415), at most 5 MB (10413). */
export async function uploadCard(
  ctx: AppContext,
  actor: Actor,
  request: { insurance_type: string; side: string; content_base64: string },
) {
  if (!isBase64(request.content_base64)) {
    throw new ProtocolError(Codes.validation, undefined, [{ path: 'content_base64', message: 'Not base64' }]);
  }
  const upload = Buffer.from(request.content_base64, 'base64');
  if (upload.length > CARD_MAX_BYTES) throw new ProtocolError(Codes.tooLarge, 'The file is larger than 5 MB');
  const { mime, bytes } = await readUpload(ctx.workers, upload, CARD_TYPES);
  const slot = cardSlot(request.insurance_type, request.side);
  await ctx.db.transaction(async (tx) => {
    await assertSectionOpen(ctx, tx, actor.patientId, 'insurance');
    const coverages = await listCoverages(ctx, tx, actor.patientId);
    if (!coverages.some((c) => c.kind === coverageKind(request.insurance_type)))
      throw new ProtocolError(Codes.itemsNotFound);
    const row = {
      mime,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      data: ctx.cipher.encrypt(bytes, cardContext(actor.patientId, slot)),
      updatedAt: ctx.now(),
    };
    await tx
      .insert(patientFiles)
      .values({ userId: actor.patientId, slot, ...row })
      .onConflictDoUpdate({ target: [patientFiles.userId, patientFiles.slot], set: row });
    await recordAudit(tx, actor.meta, {
      action: 'patient.file_upload',
      outcome: 'success',
      actorId: actor.patientId,
      target: slot,
      detail: { mime, size: bytes.length },
    });
  });
  return readCoverages(ctx, actor);
}

export async function readCard(
  ctx: AppContext,
  actor: Actor,
  query: { insurance_type: string; side: string },
) {
  const slot = cardSlot(query.insurance_type, query.side);
  const [file] = await ctx.db
    .select()
    .from(patientFiles)
    .where(and(eq(patientFiles.userId, actor.patientId), eq(patientFiles.slot, slot)));
  if (!file) throw new ProtocolError(Codes.itemsNotFound);
  const content = ctx.cipher.decrypt(file.data, cardContext(actor.patientId, slot));
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'patient.file_read',
    outcome: 'success',
    actorId: actor.patientId,
    target: slot,
  });
  return { mime: file.mime, content_base64: content.toString('base64') };
}
