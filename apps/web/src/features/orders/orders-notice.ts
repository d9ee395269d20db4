/** A success notice after a write on the catalogue or an order; `key` is in `orders-staff`. */
export const ordersNotice = (key: string) => ({
  key: `orders-staff:${key}`,
  tone: 'success' as const,
  durationMs: 6_000,
});
