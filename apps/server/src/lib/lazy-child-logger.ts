import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

type Write = (...args: unknown[]) => void;
/** Fastify's root logger is pino, which can say whether a level is written. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: Level): boolean };

/**
 * A request's logger that makes its pino child only when the request writes a line. Fastify
 * makes one child per request, bound to the request id, and pino runs every binding of a new
 * child through the redaction (the wildcard paths apply to every key): 2.5 % of an event poll's
 * CPU samples, 4 % of its busy time. At `warn` no successful request writes a line, and at `info` no passive one does
 * (request-log-controller.ts), so their child was made for nothing. A line that is written comes
 * from the same child, with the same bindings, as before.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  #made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    // Before the child exists it would write exactly what its parent writes; once made, its own
    // methods know (a disabled level is pino's no-op).
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.#made()[level] as Write)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with its own log level or serializers gets its child
 * at once, as Fastify would make it: those change the child's methods, not only its bindings.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : new LazyChildLogger(logger as ParentLogger, bindings, options);
