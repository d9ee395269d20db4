/** protocol.md §1: a success that carries no tokens or PHI. */
export function ok<T>(data: T): { code: 0; data: T } {
  return { code: 0, data };
}
