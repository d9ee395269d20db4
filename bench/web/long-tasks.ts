import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { parseCli } from '../../scripts/parse-cli.mjs';

/**
 * `npx tsx bench/web/long-tasks.ts <trace.json> [dist] [min ms]`: the page's main-thread tasks of
 * at least `min ms` (default 12.5: 50 ms on Lighthouse's 4× slowed phone) in a trace the web bench
 * saved, each with the source modules its CPU samples ran, self time, largest first. Samples come
 * from a run with `BENCH_WEB_PROFILE=1`; `dist` is a build made with `vite build --sourcemap`, the
 * one the run served, which maps the samples to source files. Without samples it lists the
 * trace's own events (script evaluation, layout, timers) inside each task.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface Sample {
  ts: number;
  frame: CallFrame | undefined;
}

const TOP_SOURCES = 6;
const EVENT_SHARE = 0.15;

function report(): void {
  const minMs = Number(minArg ?? 12.5);
  const raw = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);

  const main = mainThread(events);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
  const navigationStart = Math.min(
    ...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts),
    onMain[0]?.ts ?? 0,
  );
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! / 1000 >= minMs);
  const samples = cpuSamples(events, main);

  console.log(
    `${tasks.length} tasks ≥ ${minMs} ms on the main thread, ${ms(tasks.reduce((sum, t) => sum + t.dur!, 0))} ms in all; ` +
      `${samples.length} CPU samples`,
  );
  const overall = new Map<string, number>();
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    console.log(`\n@${ms(task.ts - navigationStart).padStart(6)} ms  ${ms(task.dur!)} ms`);
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    if (inTask.length > 0) {
      const bySource = new Map<string, number>();
      for (const [i, sample] of inTask.entries()) {
        const weight = (inTask[i + 1]?.ts ?? end) - sample.ts;
        const where = describe(sample.frame);
        bySource.set(where, (bySource.get(where) ?? 0) + weight);
        overall.set(where, (overall.get(where) ?? 0) + weight);
      }
      for (const [where, time] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, TOP_SOURCES)) {
        console.log(`  ${ms(time).padStart(6)}  ${where}`);
      }
    } else {
      const inside = onMain.filter(
        (e) => e !== task && e.ts >= task.ts && e.ts < end && e.dur! >= task.dur! * EVENT_SHARE,
      );
      for (const e of inside.slice(0, TOP_SOURCES * 2))
        console.log(`  ${ms(e.dur!).padStart(6)}  ${eventLabel(e)}`);
    }
  }
  if (overall.size > 0) {
    console.log('\nSelf time in all these tasks, by source:');
    for (const [where, time] of [...overall].sort((a, b) => b[1] - a[1]).slice(0, TOP_SOURCES * 3)) {
      console.log(`  ${ms(time).padStart(6)}  ${where}`);
    }
  }
}

/** The renderer's main thread that ran the most: the page's, not an extension's or the browser's. */
function mainThread(all: TraceEvent[]): { pid: number; tid: number } {
  const names = new Map(
    all.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]),
  );
  const busy = new Map<string, number>();
  for (const e of all) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && names.get(key) === 'CrRendererMain')
      busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const [key] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!key) throw new Error('No renderer main thread in the trace');
  const [pid, tid] = key.split(':').map(Number);
  return { pid: pid!, tid: tid! };
}

/** V8's samples on that thread (`Profile` and `ProfileChunk` events), each with its leaf frame. */
function cpuSamples(all: TraceEvent[], thread: { pid: number; tid: number }): Sample[] {
  const profiles = all.filter((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid);
  const result: Sample[] = [];
  for (const profile of profiles) {
    const frames = new Map<number, CallFrame>();
    let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
    for (const chunk of all.filter(
      (e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === thread.pid,
    )) {
      const data = chunk.args?.data as {
        cpuProfile?: { nodes?: { id: number; callFrame: CallFrame }[]; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const node of data.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
      const ids = data.cpuProfile?.samples ?? [];
      for (const [i, id] of ids.entries()) {
        ts += data.timeDeltas?.[i] ?? 0;
        result.push({ ts, frame: frames.get(id) });
      }
    }
  }
  return result.sort((a, b) => a.ts - b.ts);
}

function describe(frame: CallFrame | undefined): string {
  if (!frame) return '(unknown)';
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(program)';
  // Scripts Lighthouse injects are named, not addressed (`_lighthouse-eval.js`).
  if (!URL.canParse(frame.url)) return frame.functionName ? `${frame.url} ${frame.functionName}` : frame.url;
  const mapped = sources?.original(frame);
  const file = mapped ?? path.basename(new URL(frame.url).pathname);
  return frame.functionName ? `${file} ${frame.functionName}` : file;
}

/** Maps a built chunk's line and column to its source file, by the build's `.map` files. */
class SourceFiles {
  private readonly maps = new Map<string, SourceMapConsumer | null>();
  constructor(private readonly root: string) {}

  original(frame: CallFrame): string | undefined {
    const file = path.join(this.root, new URL(frame.url).pathname);
    let map = this.maps.get(file);
    if (map === undefined) {
      map = existsSync(`${file}.map`)
        ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap)
        : null;
      this.maps.set(file, map);
    }
    const source = map?.originalPositionFor({
      line: frame.lineNumber + 1,
      column: frame.columnNumber,
    }).source;
    return source ? shortSource(source) : undefined;
  }
}

/** A package's name for library code, the path under `src/` for the app and the protocol. */
function shortSource(source: string): string {
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (library) return library[1]!;
  return source.replace(/^(\.\.\/)+/, '');
}

function eventLabel(e: TraceEvent): string {
  const data = e.args?.data ?? {};
  const url = typeof data.url === 'string' ? path.basename(data.url) : '';
  const fn = typeof data.functionName === 'string' ? data.functionName : '';
  return [e.name, url, fn].filter(Boolean).join(' ');
}

function ms(micros: number): string {
  return (micros / 1000).toFixed(1);
}

const { positionals } = parseCli({
  name: 'long-tasks',
  usage: 'npx tsx bench/web/long-tasks.ts TRACE.json [DIST] [MIN_MS]',
  about: [
    "Lists the page's main-thread tasks of at least MIN_MS (default 12.5) in a trace the web bench",
    'saved, with the source modules their CPU samples ran (BENCH_WEB_PROFILE=1); DIST is the build',
    'made with `vite build --sourcemap` that the run served.',
  ].join('\n'),
  positionals: { min: 1, max: 3 },
});
const [tracePath = '', dist, minArg] = positionals;
const sources = dist ? new SourceFiles(dist) : undefined;
report();
