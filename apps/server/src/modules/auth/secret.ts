import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The secret that signs sessions and access keys. Production must set AUTH_SECRET (config.ts
 * refuses to start without it); the embedded demo generates one once and keeps it in DATA_DIR so
 * sessions survive a restart.
 */
export function resolveAuthSecret(options: {
  configured: string | undefined;
  dataDir: string;
  warn: (message: string) => void;
}): string {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  options.warn(
    `AUTH_SECRET is not set: generated one and kept it in ${file}. Set AUTH_SECRET in production.`,
  );
  return secret;
}
