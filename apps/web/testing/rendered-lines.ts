import { expect } from 'vitest';
import type { LocatorSelectors } from 'vitest/browser';

/**
 * The text of an element as the browser laid it out, one string per line box: what a reader sees
 * wrap, whatever markup or CSS decided the break points.
 */
export function renderedLines(element: Element): string[] {
  const lines: { top: number; text: string }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i += 1) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      const last = lines.at(-1);
      // A character lower than the line before it starts a new line.
      if (last && Math.abs(last.top - top) < 2) last.text += text[i];
      else lines.push({ top, text: text[i]! });
    }
  }
  return lines.map((line) => line.text);
}

/** Whether an e-mail address wrapped only where a reader expects it: after the @ or before a dot. */
function breaksOnlyAtAddressParts(lines: readonly string[]): boolean {
  return lines.every((line, i) => i === 0 || line.startsWith('.') || lines[i - 1]!.endsWith('@'));
}

/** Checks that the address is on screen, wrapped over more than one line, and only where a reader expects it. */
export async function expectAddressWrappedAtItsParts(within: LocatorSelectors, email: string): Promise<void> {
  const address = within.getByText(email);
  await expect.element(address).toBeVisible();
  const lines = renderedLines(address.element());
  expect(lines.join('')).toBe(email);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines, lines.join(' | ')).toSatisfy(breaksOnlyAtAddressParts);
}
