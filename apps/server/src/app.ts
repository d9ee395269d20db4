import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from './api-prefix.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/database.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { assessmentRoutes } from './modules/assessment/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { caregiverRoutes } from './modules/caregivers/routes.ts';
import { clinicRoutes } from './modules/clinic/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { fhirRoutes } from './modules/fhir/routes.ts';
import { FHIR_BASE_PATH, fhirClientRoutes } from './modules/fhir/index.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { zendeskCspPlugin } from './modules/messages/index.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { addOrderResources } from './modules/orders/index.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { patientRoutes } from './modules/patient/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { lazyChildLogger } from './lib/lazy-child-logger.ts';
import { RequestLogController } from './request-log-controller.ts';

/** Headers and body fields that must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.uid',
  'req.headers.salt',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.refresh',
  '*.access',
  '*.token',
  '*.mfa_token',
  '*.secret',
  '*.recovery_codes',
];

/**
 * `readable`: pino-pretty in a worker thread, for a developer's terminal. Otherwise JSON lines,
 * what log collectors and the bench read (and pino-pretty is a development dependency only).
 */
export function loggerOptions(level: string, readable = false): FastifyServerOptions['logger'] {
  return {
    level,
    ...(readable && {
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
      },
    }),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Paths only: query strings may carry tokens or record ids.
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

/**
 * Every route each app registered, with its config: the attack suite derives its access
 * matrix from this, so a route added later is covered (or flagged unclassified) at once.
 */
export const routeCatalogue = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Built-in HTTPS when the operator gives a certificate; otherwise TLS ends at the proxy. HTTP/2,
 * with HTTP/1.1 for clients that do not offer it: a page's code comes in dozens of files, which
 * HTTP/1.1's six connections fetch a few at a time, each wave a round trip on a phone's line.
 */
async function tlsOptions(config: AppContext['config']) {
  if (!config.TLS_CERT || !config.TLS_KEY) return {};
  const [cert, key] = await Promise.all([readFile(config.TLS_CERT), readFile(config.TLS_KEY)]);
  return { http2: true, https: { allowHTTP1: true, cert, key } };
}

/** The OpenAPI description and Swagger UI at /backend/api/docs (API_DOCS; off in production by default). */
async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Patient portal API',
        version: '1',
        description:
          'Wire contract: docs/protocol.md. Bodies marked encrypted travel as `{ data }` sealed under the `salt` header; encrypted answers are `{ code, salt, data }`. The schemas shown are the plaintext shapes.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/backend/api/docs' });
}

/** Builds the Fastify instance from plugins and modules; main.ts owns the process. */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: FastifyServerOptions['logger']; database: DatabaseHandle },
): Promise<FastifyInstance> {
  const { trustProxy } = ctx.config;
  // Fastify's https variant has its own instance type; the handlers are the same, so one type serves both.
  const app = Fastify({
    ...(await tlsOptions(ctx.config)),
    logger: options.logger ?? loggerOptions(ctx.config.LOG_LEVEL),
    logController: new RequestLogController(),
    childLoggerFactory: lazyChildLogger,
    // Without TRUST_PROXY a client could claim any address in X-Forwarded-For and dodge rate limits.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Refusals before a route runs get the portal's `{ code, message }` too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  } as FastifyServerOptions) as unknown as FastifyInstance;
  const routes: RouteEntry[] = [];
  routeCatalogue.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, config: route.config ?? {} });
    }
  });
  // The id in every log line of a request, handed to the client so support can find them.
  // A callback hook: it runs on every answer and has nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { token: ctx.config.METRICS_TOKEN, database: options.database });
  await app.register(securityHeadersPlugin, { production: ctx.config.production });
  if (ctx.config.apiDocs) await registerApiDocs(app);
  await app.register(rateLimitPlugin, { ctx });
  await app.register(envelopePlugin, { ctx });
  await app.register(authPlugin, { ctx });

  await app.register(healthRoutes, { database: options.database });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(eventRoutes, { ctx });
      await api.register(supportRoutes, { ctx });
      await api.register(patientRoutes, { ctx, recordSections: [addOrderResources] });
      await api.register(documentRoutes, { ctx });
      await api.register(assessmentRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(settingsRoutes, { ctx });
      await api.register(webhookRoutes, { ctx });
      await api.register(fhirClientRoutes, { ctx });
      await api.register(clinicRoutes, { ctx });
      await api.register(messageRoutes, { ctx });
      await api.register(caregiverRoutes, { ctx });
      await api.register(orderRoutes, { ctx });
    },
    { prefix: API_PREFIX },
  );
  await app.register(fhirRoutes, { ctx, prefix: FHIR_BASE_PATH });
  // The web app's pages in a context of their own: only their answers pass the Zendesk hook.
  await app.register(async (pages) => {
    await pages.register(zendeskCspPlugin, { ctx });
    await pages.register(webAppPlugin, { webDist: ctx.config.webDist });
  });
  return app;
}
