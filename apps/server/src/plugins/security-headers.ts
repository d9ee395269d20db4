import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { API_PREFIX } from '../api-prefix.ts';

/** Headers Fastify itself writes on the probe's answer; everything else there is helmet's. */
const FASTIFY_OWN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
const API_PATHS = `${API_PREFIX}/`;

/**
 * Helmet's headers for `options`, computed once. @fastify/helmet builds its middleware anew on
 * every request (parsing the CSP each time, about a tenth of the event poll's CPU); none of our
 * headers depends on the request (no nonces, no per-route options), so one answer of a probe
 * instance gives the exact set every answer carries.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!FASTIFY_OWN.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** The web app's pages and files: a CSP with no inline script, no framing, HSTS in production. */
function documentOptions(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Answers of the API, which the web app reads with fetch and a bearer token and no browser shows
 * as a page: OWASP's REST set (no framing, no sniffing, HSTS), a policy under which nothing may
 * load, and same-origin reads only. The headers that only act on a page a browser shows
 * (referrer, opener, origin-agent cluster, DNS prefetch, and the IE, XSS-auditor and Flash
 * switches) are left out: each costs every answer, the event poll's too (decision 0026).
 */
function apiOptions(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    dnsPrefetchControl: false,
    ieNoOpen: false,
    permittedCrossDomainPolicies: false,
    xssFilter: false,
  };
}

/** OWASP secure headers on every answer: the page set, or the API's shorter and stricter one. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { production }: { production: boolean }) => {
    const documentHeaders = await helmetHeaders(documentOptions(production));
    // Responses of the API may carry PHI: never stored in shared or browser caches.
    const apiHeaders = { ...(await helmetHeaders(apiOptions(production))), 'cache-control': 'no-store' };
    // A callback hook, not an async one: it runs on every answer and has nothing to wait for.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith(API_PATHS) ? apiHeaders : documentHeaders);
      done();
    });
  },
);
