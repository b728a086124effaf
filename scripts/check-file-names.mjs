// File names are kebab-case everywhere (docs/architecture.md); ESLint cannot see names, so this does.
import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file));

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const offenders = tracked.filter((file) => !kebab.test(basename(file)));

if (offenders.length > 0) {
  console.error(`File names must be kebab-case:\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
