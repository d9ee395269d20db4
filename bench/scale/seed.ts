import { spawn } from 'node:child_process';
import { builtEntry } from '../lib/node-entry.ts';
import { repoRoot } from '../lib/repo-root.ts';

/** Seconds per seeding step (programs/seed-scale.ts), their sum, and the database's size after. */
export interface SeededGroup {
  steps: Record<string, number>;
  seconds: number;
  databaseBytes: number;
}

/** Seeds `patients` patients into the database `env` names, in a process of its own. */
export async function seedClinicGroup(env: NodeJS.ProcessEnv, patients: number): Promise<SeededGroup> {
  const { command, args } = await builtEntry('bench/programs/seed-scale.ts');
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...env, BENCH_SCALE_PATIENTS: String(patients) },
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeding exited ${code}`))));
  });
  const seeded = JSON.parse(output.join('').trim().split('\n').at(-1)!) as {
    seconds: Record<string, number>;
    databaseBytes: number;
  };
  return {
    steps: seeded.seconds,
    seconds: Object.values(seeded.seconds).reduce((sum, s) => sum + s, 0),
    databaseBytes: seeded.databaseBytes,
  };
}
