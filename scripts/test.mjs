#!/usr/bin/env node
// `npm test`: typecheck, lint, build, then every vitest suite (unit,
// integration, e2e in Chromium). Ends with one line CI reads: "N passed, N failed".
// The e2e suites run only when a Chromium is found (scripts/find-chromium.mjs);
// when none is, that is one failure with one line saying what to install.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkChromium, findChromium } from './find-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
/** Said again above the summary: vitest's output would bury it. */
let noBrowser;

function step(name, command, args) {
  process.stdout.write(`\n▶ ${name}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status === 0) passed++;
  else {
    failed++;
    process.stdout.write(`✗ ${name} failed (exit ${result.status ?? result.signal})\n`);
  }
  return result.status === 0;
}

step('typecheck', bin('tsc'), ['-b']);
step('lint', bin('eslint'), ['--max-warnings', '0', '.']);
const built = step('build', bin('electron-vite'), ['build']);

if (built) {
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const report = path.join(root, 'test-results', 'vitest.json');
  const extra = process.argv.slice(2);
  // Found (and unpacked, the first time) here, before the suites start side by side.
  const browser = await findChromium()
    .then((found) => ({ ...found, version: checkChromium(found) }))
    .catch((error) => error);
  if (browser instanceof Error) {
    failed++;
    noBrowser = `✗ browser tests not run: ${browser.message}`;
    process.stdout.write(`\n${noBrowser}\n`);
    extra.push('--exclude', 'e2e/**');
  } else {
    const shown = path.relative(root, browser.path).startsWith('..') ? browser.path : path.relative(root, browser.path);
    process.stdout.write(`\n▶ browser tests in ${browser.version} (${browser.source}: ${shown})\n`);
  }
  spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], { cwd: root, stdio: 'inherit', env: process.env });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += (json.numFailedTests ?? 0) + (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    // A file that failed to load has no tests to count: count it as a failure.
    for (const file of json.testResults ?? []) if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed++;
  } else {
    failed++;
    process.stdout.write('✗ vitest wrote no report\n');
  }
} else {
  failed++;
}

if (noBrowser) process.stdout.write(`\n${noBrowser}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
