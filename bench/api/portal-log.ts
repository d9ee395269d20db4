/** pino levels (https://getpino.io/#/docs/api?id=levels): warn is 40, error 50, fatal 60. */
const WARN_LEVEL = 40;

/**
 * The portal's warnings and errors, counted by message, so a run can say what the server
 * complained about under load (it logs at 'warn', so 4xx answers stay quiet).
 */
export class PortalLog {
  readonly #counts = new Map<string, number>();

  record(line: string): void {
    const entry = parseLogLine(line);
    if (entry === undefined || entry.level < WARN_LEVEL) return;
    this.#counts.set(entry.message, (this.#counts.get(entry.message) ?? 0) + 1);
  }

  /** 'count × message' lines, most frequent first. */
  summary(): string[] {
    return [...this.#counts]
      .sort((a, b) => b[1] - a[1])
      .map(([message, count]) => `${String(count).padStart(6)} × ${message}`);
  }
}

function parseLogLine(line: string): { level: number; message: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { level, msg, err } = parsed as { level?: unknown; msg?: unknown; err?: { message?: unknown } };
  if (typeof level !== 'number') return undefined;
  const detail = typeof err?.message === 'string' && err.message !== msg ? `: ${err.message}` : '';
  return { level, message: `${typeof msg === 'string' ? msg : '(no message)'}${detail}` };
}
