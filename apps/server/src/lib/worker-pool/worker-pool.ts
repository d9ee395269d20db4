import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { Codes, ProtocolError } from '@portal/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { JobReply, JobTask } from './worker-job.ts';

export interface WorkerPoolOptions {
  /** Worker threads: the jobs that run at once. */
  threads: number;
  /** Jobs that may wait for a thread; one more answers 10503. */
  queue: number;
  /** How long one job may run before its thread is stopped. */
  jobSeconds: number;
  /** The V8 heap one thread may use; a job that needs more ends with its thread. */
  jobMemoryMb: number;
  /**
   * A thread that failed while running no job (one out of memory as it started, say): piscina
   * starts another, and without a listener the failure would end the process.
   */
  onThreadError?: (error: Error) => void;
}

/** A job stopped at its limit: what it was given was too much to judge (time or memory). */
export class WorkerLimitError extends Error {
  override name = 'WorkerLimitError';
  constructor(
    readonly limit: 'time' | 'memory',
    readonly options: WorkerPoolOptions,
  ) {
    super(limit === 'time' ? `over ${options.jobSeconds} s` : `over ${options.jobMemoryMb} MB`);
  }
}

/** The reason a job's thread was stopped for its time, told apart from the pool closing. */
const TIMED_OUT = Symbol('timed out');

/**
 * Where the worker entry is. From the sources (tsx, vitest) a JavaScript shim that loads
 * src/worker.ts through tsx; from a bundle, worker.js beside the bundle's entries, shared code
 * being under <outdir>/chunks/ (apps/server/build.mjs bundles the worker with every entry).
 */
function workerEntry(): string {
  if (import.meta.url.endsWith('.ts')) return new URL('../../worker-from-sources.mjs', import.meta.url).href;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const outdir = path.basename(here) === 'chunks' ? path.dirname(here) : here;
  return pathToFileURL(path.join(outdir, 'worker.js')).href;
}

/**
 * CPU-heavy work (parsing and checking uploaded PDFs, building and signing PDFs) off the event
 * loop, in worker threads (piscina), so one hostile or large file cannot stall every other
 * request of the node. Each job has a time and a memory limit; a job past either ends with its
 * thread (piscina starts another). The queue is bounded: a node already judging as many files as
 * it can answers 10503 rather than holding more uploads in memory. The threads start with the
 * first job, so a portal or a command that never runs one starts none, unless `start()` starts
 * them sooner: a serving node does so as it starts listening, so the first upload does not wait
 * for a thread to load its modules (seconds from the sources, through tsx).
 */
export class WorkerPool {
  #piscina: Piscina | undefined;

  constructor(readonly options: WorkerPoolOptions) {}

  #pool(): Piscina {
    if (!this.#piscina) {
      this.#piscina = new Piscina({
        filename: workerEntry(),
        minThreads: this.options.threads,
        maxThreads: this.options.threads,
        maxQueue: this.options.queue,
        resourceLimits: { maxOldGenerationSizeMb: this.options.jobMemoryMb },
      });
      this.#piscina.on('error', (error: Error) => this.options.onThreadError?.(error));
    }
    return this.#piscina;
  }

  /** Starts the threads now rather than with the first job (piscina starts `threads` at once). */
  start(): void {
    this.#pool();
  }

  /**
   * Runs the worker entry's job `name` on `input` (both structured-cloned: a Buffer arrives
   * as a Uint8Array). A ProtocolError the job throws is thrown here as it was; a job past its
   * limit throws WorkerLimitError; a full queue answers 10503.
   */
  async run<F extends (input: never) => Promise<unknown>>(
    name: string,
    input: Parameters<F>[0],
  ): Promise<Awaited<ReturnType<F>>> {
    const pool = this.#pool();
    if (pool.queueSize >= this.options.queue) throw busy();
    const stop = new AbortController();
    const { port1: started, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    started.once('message', () => {
      timer = setTimeout(() => stop.abort(TIMED_OUT), this.options.jobSeconds * 1000);
    });
    const task: JobTask<Parameters<F>[0]> & { job: string } = { job: name, input, started: port2 };
    try {
      const reply = (await pool.run(task, { signal: stop.signal, transferList: [port2] })) as JobReply<
        Awaited<ReturnType<F>>
      >;
      if ('refused' in reply) {
        const { code, message, errors } = reply.refused;
        throw new ProtocolError(code, message, errors);
      }
      return reply.value;
    } catch (error) {
      if (stop.signal.reason === TIMED_OUT) throw new WorkerLimitError('time', this.options);
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new WorkerLimitError('memory', this.options);
      }
      if (error instanceof Error && error.message === 'Task queue is at limit') throw busy();
      throw error;
    } finally {
      clearTimeout(timer);
      started.close();
    }
  }

  /** Stops the threads, ending any job still running: the portal closes after its requests. */
  async close(): Promise<void> {
    const pool = this.#piscina;
    this.#piscina = undefined;
    await pool?.destroy();
  }
}

const busy = () =>
  new ProtocolError(Codes.unavailable, 'The server is busy checking other files: try again in a moment');

/** The pool the configuration asks for (WORKER_* in config.ts); no thread starts before a job. */
export function createWorkerPool(config: Config, log: FastifyBaseLogger): WorkerPool {
  return new WorkerPool({
    threads: config.WORKER_THREADS ?? Math.max(1, availableParallelism() - 1),
    queue: config.WORKER_QUEUE_MAX,
    jobSeconds: config.WORKER_JOB_SECONDS,
    jobMemoryMb: config.WORKER_JOB_MEMORY_MB,
    onThreadError: (error) => log.warn({ code: (error as { code?: string }).code }, 'worker thread failed'),
  });
}
