import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/** JSON lines, with every credential-bearing field redacted. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        // Exact paths only: wildcard paths cost time on every request's child logger, and the
        // code never logs request bodies.
        'password',
        'token',
        'secret',
      ],
      censor: '[redacted]',
    },
  });
}
