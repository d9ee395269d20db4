import { afterEach, describe, expect, it } from 'vitest';
import { headingMayTakeFocus } from './heading-focus.ts';

function mount(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('a new page heading takes focus after a navigation', () => {
  it('from the link or button that navigated, or from nothing', () => {
    const host = mount('<nav><a href="/documents">Documents</a></nav>');
    expect(headingMayTakeFocus(host.querySelector('a'))).toBe(true);
    expect(headingMayTakeFocus(document.body)).toBe(true);
    expect(headingMayTakeFocus(null)).toBe(true);
  });

  it('not from a menu the person opened while the page loaded', () => {
    const host = mount('<div role="menu"><button role="menuitem">Copy support e-mail</button></div>');
    expect(headingMayTakeFocus(host.querySelector('button'))).toBe(false);
  });

  it('not from a dialog, native or not', () => {
    const host = mount(
      '<dialog open><button>Stay signed in</button></dialog><div role="alertdialog"><button>OK</button></div>',
    );
    for (const button of host.querySelectorAll('button')) expect(headingMayTakeFocus(button)).toBe(false);
  });
});
