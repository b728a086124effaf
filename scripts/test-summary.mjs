// Adds up the JSON reports that Vitest and Playwright write under CI into one closing line, and
// names every failing test just above it: CI logs are often read from their tail only.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const dir = '.reports';
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

/** Playwright nests suites per file and describe block; collects the specs whose outcome was unexpected. */
function playwrightFailures(suite, file, path) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected') {
        const message = test.results?.at(-1)?.error?.message ?? '';
        failures.push(
          `${file}: ${[...path, spec.title].join(' › ')} (${spec.file}:${spec.line}) ${firstLine(message)}`,
        );
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, file, [...path, child.title]);
}

// Strips the terminal colours Playwright keeps in its messages.
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function firstLine(text) {
  const line =
    String(text)
      .replace(COLOURS, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

for (const file of existsSync(dir) ? readdirSync(dir) : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (typeof report.numTotalTests === 'number') {
    // Vitest (Jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const test of failedTests) {
        failures.push(
          `${file}: ${result.name} › ${test.fullName} ${firstLine(test.failureMessages?.[0] ?? '')}`,
        );
      }
      // A file that fails to load has no failed assertions, only its own message.
      if (result.status === 'failed' && failedTests.length === 0) {
        failures.push(`${file}: ${result.name} ${firstLine(result.message ?? '')}`);
      }
    }
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, file, []);
    for (const error of report.errors ?? [])
      failures.push(`${file}: ${firstLine(error.message ?? '')}`);
  }
  console.info(`${file}: read`);
}

for (const failure of failures) console.info(`FAILED ${failure}`);
console.info(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
