import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Page } from 'puppeteer-core';
import { percentile } from '../lib/percentile.ts';

/** How hard the simulated phone's CPU is throttled, and from what. */
export interface CpuSlowdown {
  multiplier: number;
  /** The host's median Lighthouse `benchmarkIndex`, or null when the multiplier was given. */
  benchmarkIndex: number | null;
}

// Each sample runs about a second (Lighthouse's own GC-heavy and array-copy loops, half a second
// each); five give a median that one busy second does not move.
const SAMPLES = 5;

/**
 * The CPU slowdown that makes this host stand for the phone Lighthouse's mobile preset means.
 * The preset's fixed 4× turns a host of `benchmarkIndex` about 1,533 into that phone; on a slower
 * host it emulates a slower phone, on a faster one a faster phone. Lighthouse's throttling guide
 * asks to calibrate the multiplier to the host, and its reports warn when the host is slow; this
 * applies the guide's calculator (lighthouse-cpu-throttling-calculator) to the host's median
 * index. `BENCH_WEB_CPU_SLOWDOWN` sets the multiplier instead (`4` is the preset's own figure).
 */
export async function cpuSlowdown(page: Page): Promise<CpuSlowdown> {
  const given = process.env.BENCH_WEB_CPU_SLOWDOWN;
  if (given) {
    const multiplier = Number(given);
    if (!(multiplier >= 1)) throw new Error(`BENCH_WEB_CPU_SLOWDOWN must be a number ≥ 1, not ${given}`);
    return { multiplier, benchmarkIndex: null };
  }
  const samples: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    samples.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  }
  const benchmarkIndex = percentile(
    samples.sort((a, b) => a - b),
    50,
  );
  return { multiplier: multiplierFor(benchmarkIndex), benchmarkIndex };
}

/**
 * The calculator's piecewise line, in the calculator's own anchor points: 2,000 → 6×, 1,533 →
 * 4×, 1,300 → 3×, 800 → 2×, 150 → 1×. A host slower than the phone itself is not slowed down.
 */
export function multiplierFor(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}
