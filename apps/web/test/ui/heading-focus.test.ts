import { afterEach, describe, expect, it } from 'vitest';
import { headingMayTakeFocus, noteFocusAtNavigation } from '../../src/ui/heading-focus.ts';

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
    const link = host.querySelector('a');
    expect(headingMayTakeFocus('first', link)).toBe(true);
    noteFocusAtNavigation('second', link);
    expect(headingMayTakeFocus('second', link)).toBe(true);
    expect(headingMayTakeFocus('second', document.body)).toBe(true);
    expect(headingMayTakeFocus('second', null)).toBe(true);
  });

  it('not from a control the person moved to while the page loaded', () => {
    const host = mount(
      '<a href="/users">Users</a><button aria-controls="sidebar">Show sections menu</button>',
    );
    noteFocusAtNavigation('third', host.querySelector('a'));
    expect(headingMayTakeFocus('third', host.querySelector('button'))).toBe(false);
    noteFocusAtNavigation('fourth', document.body);
    expect(headingMayTakeFocus('fourth', host.querySelector('button'))).toBe(false);
  });

  it('not from a menu the person opened while the page loaded', () => {
    const host = mount('<div role="menu"><button role="menuitem">Copy support e-mail</button></div>');
    expect(headingMayTakeFocus('fifth', host.querySelector('button'))).toBe(false);
  });

  it('not from a dialog, native or not', () => {
    const host = mount(
      '<dialog open><button>Stay signed in</button></dialog><div role="alertdialog"><button>OK</button></div>',
    );
    for (const button of host.querySelectorAll('button'))
      expect(headingMayTakeFocus('sixth', button)).toBe(false);
  });
});
