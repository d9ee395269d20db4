import type { Scenario } from '../scenario.ts';

/** The bare hello-world at `connections`: a paired baseline runs at its scenario's, so ratios compare like with like. */
export function baselineScenario(baseUrl: string, connections: number): Scenario {
  return { name: 'baseline', request: 'GET / (bare Fastify 5)', connections, load: { url: `${baseUrl}/` } };
}
