import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { onExit } from './exit-cleanup.ts';

export interface ServiceOptions {
  name: string;
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Loopback origin the service will listen on, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** Polled until it answers 2xx. */
  healthPath: string;
  startupTimeoutMs: number;
  /** Every line the service writes to stdout or stderr. */
  onLine?: (line: string) => void;
}

export interface Service {
  baseUrl: string;
  /** The process group's leader (the server itself), whose memory a suite may watch. */
  pid: number;
  /** SIGTERM (the portal drains and closes its database), SIGKILL if it lingers. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 5_000;
const HEALTH_POLL_MS = 200;
const TAIL_LINES = 30;

/**
 * Starts a server as a child process in its own process group, so one signal reaches any
 * wrapper processes too, and resolves once its health route answers.
 */
export async function startService(options: ServiceOptions): Promise<Service> {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name}: could not spawn ${options.command}`);

  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      options.onLine?.(line);
    });
  }
  let exited = child.exitCode !== null;
  // once() rejects on a spawn 'error', which also means there is no process left.
  const exit = once(child, 'exit')
    .catch(() => undefined)
    .finally(() => {
      exited = true;
    });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // ESRCH: the group is already gone.
    }
  };
  const unregister = onExit(() => killGroup('SIGKILL'));

  const stop = async () => {
    if (!exited) {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), STOP_GRACE_MS);
      await exit;
      clearTimeout(timer);
    }
    // Whatever the leader left behind in its group goes too.
    killGroup('SIGKILL');
    unregister();
  };

  try {
    await waitForHealth(options, () => exited);
  } catch (error) {
    await stop();
    const output = tail.length > 0 ? `\n${tail.join('\n')}` : '';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${options.name}: ${reason}${output}`, { cause: error });
  }
  return { baseUrl: options.baseUrl, pid, stop };
}

async function waitForHealth(options: ServiceOptions, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + options.startupTimeoutMs;
  const url = new URL(options.healthPath, options.baseUrl);
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('exited before it was healthy');
    const healthy = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(`not healthy at ${url.href} within ${options.startupTimeoutMs / 1000} s`);
}
