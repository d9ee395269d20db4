/**
 * Runs `run` for each item one after another, not side by side. A `Queryable` may be a
 * transaction, which is one connection: its statements cannot overlap (pg queues overlapping
 * ones for now and refuses them from pg 9), so code handed one never uses Promise.all on it.
 */
export async function mapInTurn<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await run(item));
  return results;
}
