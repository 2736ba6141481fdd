import client from 'prom-client';

/**
 * The process's metrics, in Prometheus' text format at `/metrics`. One registry per process, as
 * Prometheus scrapes processes: counters are moved by the code that does the counted thing (one
 * call each), gauges that describe the database are read when scraped (metrics.routes.ts).
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const registers = [registry];

export const metrics = {
  httpRequests: new client.Counter({
    name: 'storefront_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  }),
  httpDuration: new client.Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  ordersPlaced: new client.Counter({
    name: 'storefront_orders_placed_total',
    help: 'Orders placed (a repeated request with the same key is not counted again)',
    registers,
  }),
  ordersRefused: new client.Counter({
    name: 'storefront_orders_refused_total',
    help: 'Orders refused, by the error code the customer got (OUT_OF_STOCK, VALIDATION_FAILED, …)',
    labelNames: ['reason'] as const,
    registers,
  }),
  paymentEvents: new client.Counter({
    name: 'storefront_payment_events_total',
    help: "The payment provider's events, by type and what they did (applied, duplicate, ignored, refunding)",
    labelNames: ['type', 'result'] as const,
    registers,
  }),
  outboxFailures: new client.Counter({
    name: 'storefront_outbox_job_failures_total',
    help: 'Outbox jobs that failed an attempt, by kind (mail and order-mail are mails)',
    labelNames: ['kind'] as const,
    registers,
  }),
  sweepRuns: new client.Counter({
    name: 'storefront_order_sweep_runs_total',
    help: 'Runs of the unpaid-order sweep, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  }),
  sweepCanceled: new client.Counter({
    name: 'storefront_order_sweep_canceled_total',
    help: 'Unpaid orders the sweep canceled',
    registers,
  }),
  outboxJobs: new client.Gauge({
    name: 'storefront_outbox_jobs',
    help: 'Outbox jobs waiting (pending, running) or given up (failed), by kind',
    labelNames: ['kind', 'status'] as const,
    registers,
  }),
  outboxOldestDue: new client.Gauge({
    name: 'storefront_outbox_oldest_due_job_age_seconds',
    help: 'How long the oldest due outbox job has waited (0 when none is due)',
    registers,
  }),
  databaseUp: new client.Gauge({
    name: 'storefront_database_up',
    help: 'Whether the database answered the last scrape (1) or not (0)',
    registers,
  }),
  poolConnections: new client.Gauge({
    name: 'storefront_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle), and callers waiting for one',
    labelNames: ['state'] as const,
    registers,
  }),
  poolMax: new client.Gauge({
    name: 'storefront_db_pool_max_connections',
    help: 'The PostgreSQL pool size (DATABASE_POOL_SIZE)',
    registers,
  }),
  backupLastSuccess: new client.Gauge({
    name: 'storefront_backup_last_success_timestamp_seconds',
    help: 'When the last backup completed (Unix time; 0 when none has)',
    registers,
  }),
  backupLastFailure: new client.Gauge({
    name: 'storefront_backup_last_failure_timestamp_seconds',
    help: 'When the last backup failed (Unix time; 0 when none has)',
    registers,
  }),
  backupLastSize: new client.Gauge({
    name: 'storefront_backup_last_size_bytes',
    help: 'The size of the last completed backup file',
    registers,
  }),
  ready: new client.Gauge({
    name: 'storefront_ready',
    help: 'Whether /api/ready answered 200 the last time it was asked',
    registers,
  }),
};
