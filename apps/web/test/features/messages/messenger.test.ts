import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../../src/api/session.ts';
import { StorageKeys } from '../../../src/api/storage-keys.ts';
import {
  builtInMessenger,
  builtInPanel,
  setActiveMessenger,
  zendeskMessenger,
} from '../../../src/features/messages/messenger.ts';

/**
 * A stand-in for Zendesk's snippet: it records every zE call, as the widget would receive them.
 * A data: URL whose last line is a comment, so the `?key=` the messenger appends stays inert.
 */
const FAKE_SNIPPET = `data:text/javascript,${encodeURIComponent(`
  window.zeCalls = [];
  window.zE = function () {
    var args = Array.prototype.slice.call(arguments);
    window.zeCalls.push(args.map(function (a) { return typeof a === 'function' ? 'fn' : a; }));
    if (args[1] === 'loginUser') args[2](function (jwt) { window.zeJwt = jwt; });
  };
  //`)}`;

declare global {
  interface Window {
    zeCalls?: unknown[][];
    zeJwt?: string;
  }
}

afterEach(() => {
  setActiveMessenger(null);
  sessionStorage.clear();
});

describe('built-in messenger', () => {
  it('keeps its open state in sessionStorage and closes on logout', () => {
    builtInMessenger.open();
    expect(builtInPanel.isOpen()).toBe(true);
    expect(sessionStorage.getItem(StorageKeys.messengerOpen)).toBe('1');
    builtInMessenger.logout();
    expect(builtInPanel.isOpen()).toBe(false);
    expect(sessionStorage.getItem(StorageKeys.messengerOpen)).toBeNull();
  });
});

describe('Zendesk messenger', () => {
  it('loads the snippet with the widget key, logs in with a fresh JWT and logs out when the session ends', async () => {
    const jwts = ['first.jwt.token'];
    const messenger = zendeskMessenger('widget-key-123', async () => jwts.shift() ?? 'none', FAKE_SNIPPET);
    setActiveMessenger(messenger);
    await messenger.login();
    const script = document.getElementById('ze-snippet') as HTMLScriptElement;
    expect(script.src).toBe(`${FAKE_SNIPPET}?key=widget-key-123`);
    await expect.poll(() => window.zeJwt).toBe('first.jwt.token');
    expect(window.zeCalls).toEqual([['messenger', 'loginUser', 'fn']]);

    clearSession('logout');
    expect(window.zeCalls?.at(-1)).toEqual(['messenger', 'logoutUser']);
  });
});
