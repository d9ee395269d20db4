import { onSessionEnd } from '../../api/session.ts';
import { StorageKeys } from '../../api/storage-keys.ts';

/**
 * The one widget interface (spec §4): the layout opens, closes, logs in on sign-in and logs out
 * on sign-out without knowing whether the built-in messenger or Zendesk's widget is behind it.
 */
export interface Messenger {
  open(): void;
  close(): void;
  login(): Promise<void>;
  logout(): void;
}

// ---- Built-in ----

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Open or closed lives in sessionStorage: it survives a reload in the same tab, and a new tab
 * starts closed (spec §4 "open state in session storage").
 */
function readOpen(): boolean {
  try {
    return sessionStorage.getItem(StorageKeys.messengerOpen) === '1';
  } catch {
    return false;
  }
}

function writeOpen(open: boolean): void {
  try {
    if (open) sessionStorage.setItem(StorageKeys.messengerOpen, '1');
    else sessionStorage.removeItem(StorageKeys.messengerOpen);
  } catch {
    // Storage refused (private mode): the panel still opens, it just forgets on reload.
  }
  openNow = open;
  for (const listener of listeners) listener();
}

let openNow = readOpen();

export const builtInPanel = {
  isOpen: () => openNow,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const builtInMessenger: Messenger = {
  open: () => writeOpen(true),
  close: () => writeOpen(false),
  // The built-in messenger rides on the portal's own session: nothing to log in to.
  login: async () => {},
  logout: () => writeOpen(false),
};

// ---- Zendesk ----

type ZendeskApi = (...args: unknown[]) => void;
declare global {
  interface Window {
    zE?: ZendeskApi;
  }
}

export const ZENDESK_SNIPPET = 'https://static.zdassets.com/ekr/snippet.js';

let snippet: Promise<ZendeskApi> | null = null;

/** The Web Widget snippet, added once per page; its `id` is the one Zendesk's own embed code uses. */
function loadSnippet(key: string, source: string): Promise<ZendeskApi> {
  snippet ??= new Promise<ZendeskApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.id = 'ze-snippet';
    script.async = true;
    script.src = `${source}?key=${encodeURIComponent(key)}`;
    script.onload = () => (window.zE ? resolve(window.zE) : reject(new Error('Zendesk widget missing')));
    script.onerror = () => {
      snippet = null;
      reject(new Error('Zendesk widget failed to load'));
    };
    document.head.append(script);
  });
  return snippet;
}

/** Zendesk messaging: the widget draws itself; we hand it a fresh JWT from `/token/zendesk/` on sign-in. */
export function zendeskMessenger(
  widgetKey: string,
  fetchJwt: () => Promise<string>,
  /** Zendesk's snippet; tests hand in a stand-in, as the real one needs the internet. */
  source = ZENDESK_SNIPPET,
): Messenger {
  const call = (...args: unknown[]) =>
    void loadSnippet(widgetKey, source).then(
      (zE) => zE(...args),
      () => {},
    );
  return {
    open: () => call('messenger', 'open'),
    close: () => call('messenger', 'close'),
    async login() {
      const zE = await loadSnippet(widgetKey, source);
      // The widget asks again when its token expires, so each call fetches a fresh one.
      zE('messenger', 'loginUser', (callback: (jwt: string) => void) => {
        void fetchJwt().then(callback, () => {});
      });
    },
    logout: () => {
      if (window.zE) window.zE('messenger', 'logoutUser');
    },
  };
}

/** Clinic replies heard through the event poll while the panel was closed: the bubble's badge. */
let unseen = 0;
const unseenListeners = new Set<Listener>();
const setUnseen = (value: number) => {
  unseen = value;
  for (const listener of unseenListeners) listener();
};
export const unseenReplies = {
  count: () => unseen,
  subscribe(listener: Listener): () => void {
    unseenListeners.add(listener);
    return () => unseenListeners.delete(listener);
  },
  add: () => setUnseen(unseen + 1),
  clear: () => setUnseen(0),
};

// ---- The messenger in use ----

let active: Messenger | null = null;

/** The layout names the messenger in force; the previous one is logged out if the mode changed. */
export function setActiveMessenger(next: Messenger | null): void {
  if (active && active !== next) active.logout();
  active = next;
}

// spec §4: logout (whatever ended the session) also logs out of the chat.
onSessionEnd(() => {
  active?.logout();
  active = null;
  writeOpen(false);
  setUnseen(0);
});
