import { expect } from 'vitest';
import type { LocatorSelectors } from 'vitest/browser';

/** The words of a table's column headers, in order, once the table is on screen. */
export async function columnNames(within: LocatorSelectors): Promise<(string | null)[]> {
  const headers = within.getByRole('columnheader');
  await expect.element(headers.first()).toBeVisible();
  return headers.elements().map((header) => header.textContent);
}
