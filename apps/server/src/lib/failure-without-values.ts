/** A failed query's message lists its parameters: what failed, for a log line, without the values. */
export function failureWithoutValues(error: unknown): string {
  return String(error instanceof Error ? error.message : error).split('\nparams:')[0]!;
}
