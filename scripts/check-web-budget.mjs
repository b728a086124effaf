// The login page's JavaScript budget: what a browser must download before it can show /login,
// gzipped, at most LOGIN_BUDGET_BYTES (150 KB: the critical-path budget for a mid-range phone on
// a slow network). Reads the build's manifest (apps/web/dist/.vite/manifest.json): the entry
// chunk with every chunk it imports statically (the login screen is part of it), plus the login
// route's chunk with its static imports should it be loaded on demand again. The messages of the
// default locale (a chunk of their own, loaded beside the entry) are printed apart: they are data
// the page needs, not code it runs. Prints the figures and the largest chunks; exits 1 over budget.
//
//   node scripts/check-web-budget.mjs [distDir]
//
// Every web build runs it (apps/web/build/login-budget.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

export const LOGIN_BUDGET_BYTES = 150 * 1024;
const LOGIN_SCREEN = 'src/features/auth/screens/login-screen.tsx';
const DEFAULT_MESSAGES = 'src/shared/i18n/messages/nl.json';

const dist = resolve(process.argv[2] ?? 'apps/web/dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`no manifest at ${manifestPath}: build the web app first (npm run build:web)`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
const login = manifest[LOGIN_SCREEN];
if (!entry) {
  console.error('the manifest names no entry');
  process.exit(2);
}

/** A chunk and everything it imports statically, by manifest key. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

// Gzipped here at the level the build's own copies use, not read from them: the copies may
// still be being written when the build runs this check.
const gzippedSize = (file) =>
  gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length;

const keys = login ? closure(LOGIN_SCREEN, closure(entry[0])) : closure(entry[0]);
const chunks = [...keys]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, bytes: gzippedSize(file) }))
  .sort((a, b) => b.bytes - a.bytes);
const total = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
const messages = manifest[DEFAULT_MESSAGES];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.info(
  `login route JavaScript: ${kb(total)} gzipped in ${chunks.length} files ` +
    `(budget ${kb(LOGIN_BUDGET_BYTES)})`,
);
for (const chunk of chunks.slice(0, 8))
  console.info(`  ${kb(chunk.bytes).padStart(9)}  ${chunk.file}`);
if (messages) {
  console.info(`  messages (nl), loaded beside: ${kb(gzippedSize(messages.file))} gzipped`);
} else {
  console.error(`the manifest names no ${DEFAULT_MESSAGES}: are the messages still lazy?`);
  process.exit(1);
}
if (total > LOGIN_BUDGET_BYTES) {
  console.error(
    `over budget by ${kb(total - LOGIN_BUDGET_BYTES)}: keep what the login screen does not use off its path`,
  );
  process.exit(1);
}
