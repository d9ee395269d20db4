import type { Scenario } from '../scenario.ts';

/** The bare hello-world at `connections`: a row beside a scenario runs at its connections, so ratios compare like with like. */
export function baselineScenario(baseUrl: string, connections: number): Scenario {
  return { name: 'baseline', request: 'GET / (bare Fastify 5)', connections, load: { url: `${baseUrl}/` } };
}
