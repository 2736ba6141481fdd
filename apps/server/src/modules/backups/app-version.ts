import fs from 'node:fs';
import { serverPackageJson } from '../../paths.js';

let version: string | undefined;

/** The server package's version, as written into each backup's manifest. */
export function appVersion(): string {
  version ??= (JSON.parse(fs.readFileSync(serverPackageJson, 'utf8')) as { version: string })
    .version;
  return version;
}
