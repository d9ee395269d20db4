import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../../src/lib/lazy-child-logger.ts';

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A Fastify app on pino at `level`, its lines collected, and how many children pino made. */
function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  app = Fastify({
    logger: { level, stream, redact: { paths: ['*.password'], censor: '[redacted]' } },
    disableRequestLogging: true,
    childLoggerFactory: lazyChildLogger,
  });
  const children = { made: 0 };
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    children.made += 1;
    return child(...args);
  };
  return { app, lines, children };
}

describe('lazyChildLogger', () => {
  it("writes a request's line with its id and the redaction, as Fastify's own child does", async () => {
    const { app, lines } = appAt('info');
    app.get('/', async (request) => {
      request.log.info({ body: { password: 'hunter2', name: 'Ann' } }, 'saved');
      return {};
    });
    await app.inject('/');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'saved',
        reqId: expect.stringMatching(/^req-\d+$/),
        body: { password: '[redacted]', name: 'Ann' },
      }),
    ]);
  });

  it('makes no child for a request that writes below the level, and one for a request that writes', async () => {
    const { app, lines, children } = appAt('warn');
    app.get('/quiet', async (request) => {
      request.log.info('not written');
      request.log.debug('not written');
      return {};
    });
    app.get('/loud', async (request) => {
      request.log.warn('written');
      request.log.error('written too');
      return {};
    });
    await app.inject('/quiet');
    expect(children.made).toBe(0);
    expect(lines).toEqual([]);
    await app.inject('/loud');
    expect(children.made).toBe(1);
    expect(lines.map((line) => line.msg)).toEqual(['written', 'written too']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
  });

  it("keeps a route's own log level", async () => {
    const { app, lines } = appAt('info');
    app.get('/', { logLevel: 'debug' }, async (request) => {
      request.log.debug('route detail');
      return {};
    });
    await app.inject('/');
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: 'route detail' })]);
  });
});
