import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import { loadSettings } from '../settings/index.ts';

const ZENDESK_HOSTS = [
  'https://*.zdassets.com',
  'https://*.zendesk.com',
  'https://*.smooch.io',
  'wss://*.zendesk.com',
  'wss://api.smooch.io',
];
const ZENDESK_IMAGES = [
  'https://static.zdassets.com',
  'https://*.zendesk.com',
  'https://media.smooch.io',
  'https://*.zdusercontent.com',
];

/**
 * The directives Zendesk's CSP guide asks of a page with custom directives. Added only while the
 * clinic runs the Zendesk messenger: the built-in one keeps the strict same-origin policy, with
 * no third-party script and no inline style.
 */
export const ZENDESK_CSP_ADDITIONS: Record<string, string[]> = {
  'default-src': ZENDESK_HOSTS,
  'script-src': ZENDESK_HOSTS,
  'connect-src': ZENDESK_HOSTS,
  'frame-src': ZENDESK_HOSTS,
  'font-src': ZENDESK_HOSTS,
  'media-src': ['https://*.zdassets.com', 'https://*.zendesk.com', 'https://media.smooch.io'],
  'img-src': ZENDESK_IMAGES,
  'style-src': ["'unsafe-inline'"],
};

export function widenPolicy(policy: string, additions: Record<string, string[]>): string {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  for (const [name, values] of Object.entries(additions)) {
    const current = directives.get(name) ?? directives.get('default-src') ?? ["'self'"];
    directives.set(name, [...new Set([...current, ...values])]);
  }
  return [...directives].map(([name, values]) => [name, ...values].join(' ')).join(';');
}

/**
 * Pages get Zendesk's hosts while `chat_mode` is zendesk, read per page like every setting. Meant
 * for the context that serves the web app's pages: a hook on every answer cost the event poll
 * about a tenth of its CPU, for answers that are never HTML.
 */
export const zendeskCspPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  // A callback hook with an early answer: the context's other answers (files) wait for nothing.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string' || typeof type !== 'string' || !type.startsWith('text/html')) {
      done(null, payload);
      return;
    }
    // While the database is away the page must still load, so the app can show the network-issue
    // screen; the strict policy holds meanwhile (the widget could not log in anyway).
    void loadSettings(ctx)
      .catch(() => null)
      .then((settings) => {
        if (settings?.chat_mode === 'zendesk') {
          reply.header('content-security-policy', widenPolicy(policy, ZENDESK_CSP_ADDITIONS));
        }
        done(null, payload);
      })
      .catch((error: Error) => done(error));
  });
});
