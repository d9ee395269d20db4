import type { MessagePort } from 'node:worker_threads';
import { ProtocolError, type ErrorCode, type FieldError } from '@portal/protocol';

/** What the pool posts to a worker: the job's input and a port to say the job has begun. */
export interface JobTask<I> {
  input: I;
  started: MessagePort;
}

/**
 * What a worker answers. A refusal travels as data: an Error crossing threads keeps only its
 * message, and the code and field errors of a ProtocolError would be lost.
 */
export type JobReply<O> =
  { value: O } | { refused: { code: ErrorCode; message: string; errors: FieldError[] | undefined } };

/**
 * A job as the worker entry (src/worker.ts) exports it. It says when it starts, so the time
 * limit counts the job's own work and not its wait in the queue or the thread's start-up.
 */
export function workerJob<I, O>(run: (input: I) => Promise<O>): (task: JobTask<I>) => Promise<JobReply<O>> {
  return async ({ input, started }) => {
    started.postMessage('started');
    try {
      return { value: await run(input) };
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      return { refused: { code: error.code, message: error.message, errors: error.errors } };
    }
  };
}
