import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsDir } from '../../src/paths.ts';

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

/**
 * A temporary copy of the committed migrations with `added` after them, as the next release
 * would ship them: statements separated as drizzle-kit writes them. The caller removes it.
 */
export async function migrationsWith(added: { name: string; statements: string[] }[]): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  await cp(migrationsDir, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: JournalEntry[] };
  const last = journal.entries.at(-1)!;
  for (const [i, migration] of added.entries()) {
    const idx = last.idx + 1 + i;
    const tag = `${String(idx).padStart(4, '0')}_${migration.name}`;
    await writeFile(
      path.join(folder, `${tag}.sql`),
      migration.statements.join('\n--> statement-breakpoint\n'),
    );
    journal.entries.push({ ...last, idx, tag, when: last.when + 1000 * (i + 1) });
  }
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}
