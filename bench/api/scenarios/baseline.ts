import type { Scenario } from '../scenario.ts';

/** Run at the event poll's concurrency, so the poll's ratio compares like with like. */
export function baselineScenario(baseUrl: string, connections: number): Scenario {
  return { name: 'baseline', request: 'GET / (bare Fastify 5)', connections, load: { url: `${baseUrl}/` } };
}
