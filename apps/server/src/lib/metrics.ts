import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * One registry per process, as Prometheus scrapes a process: Node's own metrics (event-loop
 * delay, heap, CPU), HTTP by route pattern, the database pool and sign-in outcomes. Labels
 * are route patterns and codes only, never paths with ids or anything about a person.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const HTTP_DURATION = 'portal_http_request_duration_seconds';

export const httpDuration = new Histogram({
  name: HTTP_DURATION,
  help: 'Time from request to response, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/**
 * The histogram's counts under the name dashboards alert on, copied when scraped: counting each
 * answer twice cost every request, the event poll's included, a second pass through prom-client.
 */
new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const { metricName, labels, value } of (await httpDuration.get()).values) {
      if (metricName === `${HTTP_DURATION}_count`) this.inc(labels, value);
    }
  },
});

export const logins = new Counter({
  name: 'portal_logins_total',
  help: 'Sign-in attempts (password and MFA steps), by outcome: success, failure, denied (locked or inactive).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/**
 * Password hashes verified, by what they were verified against: an account's hash, or the
 * stand-in for an e-mail with no account (so both answers cost one verification, protocol.md §5).
 */
export const passwordVerifications = new Counter({
  name: 'portal_password_verifications_total',
  help: "Password hashes verified, against an account's hash or the stand-in for an unknown e-mail.",
  labelNames: ['against'] as const,
  registers: [registry],
});

export const lockouts = new Counter({
  name: 'portal_account_lockouts_total',
  help: 'Accounts locked after too many failed sign-ins.',
  registers: [registry],
});

/** Pools of the apps in this process (one in production; tests may run several). */
const pools = new Set<() => PoolStats | undefined>();

export function watchPool(stats: () => PoolStats | undefined): () => void {
  pools.add(stats);
  return () => pools.delete(stats);
}

function poolGauge(name: string, help: string, pick: (s: PoolStats) => number) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      let sum = 0;
      for (const read of pools) {
        const s = read();
        if (s) sum += pick(s);
      }
      this.set(sum);
    },
  });
}

poolGauge(
  'portal_db_pool_connections',
  'Open PostgreSQL connections in the pool (0 on the embedded database).',
  (s) => s.total,
);
poolGauge('portal_db_pool_idle_connections', 'Idle PostgreSQL connections in the pool.', (s) => s.idle);
poolGauge(
  'portal_db_pool_waiting_requests',
  'Queries waiting for a free PostgreSQL connection (sustained > 0: raise DATABASE_POOL_MAX).',
  (s) => s.waiting,
);

const LOGIN_ACTIONS = new Set(['login', 'login.mfa']);

/** Fed by the audit trail, which every sign-in and lockout already passes through. */
export function observeAudit(action: string, outcome: string): void {
  if (LOGIN_ACTIONS.has(action)) logins.inc({ outcome });
  else if (action === 'account.lockout') lockouts.inc();
}
