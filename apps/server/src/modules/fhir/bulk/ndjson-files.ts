import { randomUUID } from 'node:crypto';
import type { Resource } from '@medplum/fhirtypes';
import type { AppContext } from '../../../context.ts';
import type { bulkExportFiles } from '../../../db/schema/index.ts';

/** Lines per file: a receiver loads a file at a time, so none grows without bound. */
export const RESOURCES_PER_FILE = 10_000;

/** Binds a file's ciphertext to its export and id, so files cannot be swapped between rows. */
export const fileContext = (exportId: string, fileId: string) => `bulk_export_files:${exportId}:${fileId}`;

type FileRow = typeof bulkExportFiles.$inferInsert;

/**
 * An export's resources gathered per type into ndjson files of at most `perFile` lines,
 * each sealed with the data key as it is taken.
 */
export class NdjsonFiles {
  private readonly lines = new Map<string, string[]>();

  constructor(
    private readonly ctx: AppContext,
    private readonly exportId: string,
    private readonly perFile = RESOURCES_PER_FILE,
  ) {}

  add(resources: readonly Resource[]): void {
    for (const resource of resources) {
      const lines = this.lines.get(resource.resourceType) ?? [];
      lines.push(JSON.stringify(resource));
      this.lines.set(resource.resourceType, lines);
    }
  }

  /** The full files gathered so far; with `all`, the partly filled ones too (the export's end). */
  take(all: boolean): FileRow[] {
    const files: FileRow[] = [];
    for (const [resourceType, lines] of this.lines) {
      while (lines.length >= this.perFile || (all && lines.length > 0)) {
        files.push(this.seal(resourceType, lines.splice(0, this.perFile)));
      }
    }
    return files;
  }

  private seal(resourceType: string, lines: string[]): FileRow {
    const id = randomUUID();
    const ndjson = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
    return {
      id,
      exportId: this.exportId,
      resourceType,
      count: lines.length,
      content: this.ctx.cipher.encrypt(ndjson, fileContext(this.exportId, id)),
    };
  }
}
