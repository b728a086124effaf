// Builds what `npm start` runs, and only what changed since the last build:
//
//   node scripts/build.mjs [server] [web] [--force] [--preflight]
//
// --preflight (used by `npm start`): after the server is built, ask it (dist/preflight.js) whether it
// could start now: the configuration is valid, the port is free, no other process holds DATA_DIR.
// If not, say why in one line and stop before the web is built under a portal that is running.
//
// - server: apps/server/src bundled with esbuild into apps/server/dist/server.js. Our workspace
//   packages (@klik/domain, @klik/api export TypeScript sources) are bundled in; every other package
//   stays external and is loaded from node_modules (native and wasm ones such as @node-rs/argon2
//   and @electric-sql/pglite cannot be bundled).
// - web: `vite build` of apps/web into apps/web/dist.
//
// Each part is skipped when a hash of its inputs (sources, the workspace packages they use, the
// lockfile, the build settings) equals the one recorded after its last build and its output is
// there. Outputs are written beside the old ones and swapped in with a rename, so a portal that is
// running while another one builds keeps whole files under it.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP_DIR = join(ROOT, 'node_modules', '.cache', 'klik-build');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.vite']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Every file under the given paths (files or folders), tests and build output left out. */
function inputFiles(paths) {
  const files = [];
  const walk = (path) => {
    if (!existsSync(path)) return;
    const entries = readdirSync(path, { withFileTypes: true });
    for (const entry of entries) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() && !TEST_FILE.test(entry.name)) {
        files.push(full);
      }
    }
  };
  for (const path of paths) {
    const full = join(ROOT, path);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) walk(full);
    else files.push(full);
  }
  return files.sort();
}

function hashOf(paths, extra) {
  const hash = createHash('sha256');
  hash.update(`${process.version}\0${extra}\0`);
  for (const file of inputFiles(paths)) {
    hash.update(relative(ROOT, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const SHARED_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
  'packages/domain/src',
  'packages/domain/package.json',
  'packages/api/src',
  'packages/api/package.json',
];

const TARGETS = {
  server: {
    inputs: [
      ...SHARED_INPUTS,
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
    ],
    extra: () => '',
    output: 'apps/server/dist',
    check: 'apps/server/dist/server.js',
    build: buildServer,
  },
  web: {
    inputs: [...SHARED_INPUTS, 'apps/web'],
    // Vite puts VITE_* variables into the bundle.
    extra: () =>
      Object.keys(process.env)
        .filter((name) => name.startsWith('VITE_') || name === 'NODE_ENV')
        .sort()
        .map((name) => `${name}=${process.env[name]}`)
        .join('\n'),
    output: 'apps/web/dist',
    check: 'apps/web/dist/index.html',
    build: buildWeb,
  },
};

/** esbuild: bundle our code, leave every installed package to node_modules. */
async function buildServer(outDir) {
  const esbuild = await import('esbuild');
  const keepThirdPartyExternal = {
    name: 'keep-third-party-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === 'entry-point' || args.path.startsWith('@klik/')) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: {
      server: join(ROOT, 'apps/server/src/server.ts'),
      preflight: join(ROOT, 'apps/server/src/preflight.ts'),
      // npm run backup / npm run restore (docs/operations.md "Backups").
      operations: join(ROOT, 'apps/server/src/operations/operations-cli.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // Stack traces and Fastify's logs keep the class and function names.
    keepNames: true,
    plugins: [keepThirdPartyExternal],
    logLevel: 'warning',
  });
  // Data files the server reads beside its module (new URL('./name', import.meta.url)): in the
  // bundle that module is server.js, so they go beside it.
  copyFileSync(
    join(ROOT, 'apps/server/src/kernel/passwords/common-passwords.txt'),
    join(outDir, 'common-passwords.txt'),
  );
}

function buildWeb(outDir) {
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(ROOT, 'apps/web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

/** Builds one target unless its inputs are unchanged; true when it built. */
export async function buildTarget(name, { force = false } = {}) {
  const target = TARGETS[name];
  const stampFile = join(STAMP_DIR, `${name}.sha256`);
  const hash = hashOf(target.inputs, target.extra());
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (!force && previous === hash && existsSync(join(ROOT, target.check))) {
    return false;
  }
  const started = performance.now();
  const output = join(ROOT, target.output);
  const fresh = `${output}.new-${process.pid}`;
  const old = `${output}.old-${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  try {
    await target.build(fresh);
    if (existsSync(output)) renameSync(output, old);
    renameSync(fresh, output);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
  mkdirSync(STAMP_DIR, { recursive: true });
  writeFileSync(stampFile, `${hash}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(`built ${name} in ${seconds} s (${relative(ROOT, output)})`);
  return true;
}

async function main(args) {
  const force = args.includes('--force');
  const names = args.filter((arg) => !arg.startsWith('--'));
  for (const name of names) {
    if (!(name in TARGETS)) {
      console.error(
        `unknown build target "${name}" (expected ${Object.keys(TARGETS).join(' or ')})`,
      );
      process.exit(2);
    }
  }
  const targets = names.length > 0 ? names : Object.keys(TARGETS);
  if (args.includes('--preflight')) {
    await buildTarget('server', { force });
    const { preflight } = await import(
      pathToFileURL(join(ROOT, 'apps/server/dist/preflight.js')).href
    );
    const problem = await preflight(process.env);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
  }
  for (const name of targets) {
    if (name === 'server' && args.includes('--preflight')) continue;
    await buildTarget(name, { force });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
