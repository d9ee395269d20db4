import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../../src/ui/theme.css';
import '../../../src/features/messages/messages.css';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the messenger bubble', () => {
  test('covers no footer link on a phone at the end of the page', async () => {
    await page.viewport(390, 700);
    const screen = await render(
      <div className="shell">
        {/* A page as tall as the screen, its footer at the very bottom. */}
        <div
          className="shell__content"
          style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', boxSizing: 'border-box' }}
        >
          <main style={{ flex: 1 }}>A page</main>
          <footer style={{ display: 'flex', justifyContent: 'flex-end', padding: '24px 0' }}>
            <a href="/accessibility-statement/">Accessibility statement</a>
          </footer>
        </div>
        <button type="button" className="messenger__bubble" aria-label="Messages" />
      </div>,
    );
    const link = screen.getByRole('link').element().getBoundingClientRect();
    const bubble = screen.getByRole('button', { name: 'Messages' }).element().getBoundingClientRect();
    expect(overlaps(link, bubble)).toBe(false);
  });
});
