#!/usr/bin/env node
// `npm test`: lint, typecheck, build, then every Vitest project (unit, API on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL, and the browser tests). Ends with one plain summary line
// `tests: N passed, N failed` that CI reads. Extra arguments go to Vitest (e.g. `--project web`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const resultsFile = '.vitest-results.json';
const extra = process.argv.slice(2);
let passed = 0;
let failed = 0;

function step(name, command, args) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status === 0) passed += 1;
  else {
    failed += 1;
    console.error(`✖ ${name} failed`);
  }
  return result.status === 0;
}

const skipChecks = process.env.SKIP_STATIC_CHECKS === '1';
if (!skipChecks) {
  step('lint', 'npm', ['run', 'lint']);
  step('typecheck', 'node', ['scripts/typecheck.mjs']);
}
const built = step('build', 'npm', ['run', 'build']);

if (built) {
  fs.rmSync(resultsFile, { force: true });
  console.log('\n▶ tests: vitest run');
  spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsFile}`,
      ...extra,
    ],
    { stdio: 'inherit' },
  );
  if (fs.existsSync(resultsFile)) {
    const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
    passed += results.numPassedTests;
    failed += results.numFailedTests;
    // A suite that failed to load has no failed tests of its own: count it.
    failed += results.testResults.filter(
      (f) => f.status === 'failed' && f.assertionResults.length === 0,
    ).length;
    if (results.numTotalTests === 0) failed += 1;
  } else {
    console.error('✖ vitest wrote no results');
    failed += 1;
  }
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
