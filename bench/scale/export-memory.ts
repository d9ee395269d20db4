import { readFile } from 'node:fs/promises';
import { apiUrl } from '../api/api-url.ts';

/** How often the server's resident set is read while the export runs. */
const SAMPLE_MS = 20;
/** A month's export may grow the server by this much: a stream holds a chunk, not the month. */
export const MAX_EXPORT_GROWTH_MB = 64;

export interface ExportMemory {
  seconds: number;
  status: number;
  bytes: number;
  /** Highest resident set seen during the export minus the one right before it. */
  growthMb: number;
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kb / 1024;
}

/**
 * The audit log's CSV export of the month before `now`, as the audit page downloads it, while the
 * server process `pid`'s resident memory is sampled (Linux /proc).
 */
export async function measureMonthExport(
  baseUrl: string,
  headers: Record<string, string>,
  pid: number,
  now: Date,
): Promise<ExportMemory> {
  const from = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const url = `${apiUrl(baseUrl, '/admin/audit/export/')}?${new URLSearchParams({ from, to: now.toISOString() })}`;
  const before = await residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    void residentMb(pid).then((mb) => (peak = Math.max(peak, mb)));
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    return {
      seconds: (performance.now() - started) / 1000,
      status: response.status,
      bytes: body.byteLength,
      growthMb: Math.max(peak, await residentMb(pid)) - before,
    };
  } finally {
    clearInterval(sampler);
  }
}
