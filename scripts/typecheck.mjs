// Typechecks every workspace with its own settings (browser code never sees Node's types).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const projects = ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench', 'scripts'];
const hasSources = (dir) =>
  fs
    .readdirSync(dir, { recursive: true })
    .some((f) => /\.tsx?$/.test(String(f)) && !String(f).includes('node_modules'));

let ok = true;
for (const project of projects.filter(hasSources)) {
  const result = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ typecheck failed in ${project}`);
    ok = false;
  }
}
process.exit(ok ? 0 : 1);
