import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../../src/ui/theme.css';
import '../../../src/features/messages/messages.css';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A signed-in page as tall as the screen, its footer at the very bottom, with or without the bubble. */
function ShortPage({ bubble }: { bubble: boolean }) {
  return (
    <div className="shell" style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <div className="shell__content" style={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
        <main style={{ flex: 1 }}>A page</main>
        <footer style={{ display: 'flex', justifyContent: 'flex-end', padding: '24px 0' }}>
          <a href="/accessibility-statement/">Accessibility statement</a>
        </footer>
      </div>
      {bubble && <button type="button" className="messenger__bubble" aria-label="Messages" />}
    </div>
  );
}

describe('the messenger bubble', () => {
  test('covers no footer link on a phone at the end of the page', async () => {
    await page.viewport(390, 700);
    const screen = await render(<ShortPage bubble />);
    window.scrollTo(0, document.documentElement.scrollHeight);
    const link = screen.getByRole('link').element().getBoundingClientRect();
    const bubble = screen.getByRole('button', { name: 'Messages' }).element().getBoundingClientRect();
    expect(overlaps(link, bubble)).toBe(false);
  });

  test("leaves a short page's footer where it is without the bubble", async () => {
    await page.viewport(390, 700);
    const footerTop = async (bubble: boolean) => {
      const screen = await render(<ShortPage bubble={bubble} />);
      const top = screen.getByRole('link').element().getBoundingClientRect().top;
      await screen.unmount();
      return top;
    };
    // Where the bubble appears after the page's first paint, the footer in view does not move.
    expect(await footerTop(true)).toBe(await footerTop(false));
  });
});
