import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The whole stylesheet, as `main.tsx` imports it; the build answers it with what is used. */
const WHOLE_SHEET = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
/** Every page needs these, whatever components it shows. */
const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];
const CORE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;
const RELATIVE_IMPORT = /from\s*"(\.{1,2}\/[^"]+\.mjs)"/g;
const STYLES_MODULE = /^(.*)\.module\.mjs$/;

/** The value names a source text imports from @mantine/core (type imports carry no styles). */
export function coreImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(CORE_IMPORT)) {
    if (/import\s+type\s*\{/.test(match[0])) continue;
    for (const specifier of (match[1] ?? '').split(',')) {
      const name = specifier
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** Which module of @mantine/core's ES build defines each name it exports. */
function exportedFrom(coreDir: string): Map<string, string> {
  const index = readFileSync(join(coreDir, 'esm', 'index.mjs'), 'utf8');
  const modules = new Map<string, string>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const name of (match[1] ?? '').split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (local) modules.set(local, resolve(coreDir, 'esm', match[2] ?? ''));
    }
  }
  return modules;
}

/**
 * The component stylesheets (`@mantine/core/styles/<name>.css`) the given names need: each
 * name's module and everything it imports in turn, the way the bundle holds them, so a Select
 * brings the styles of its Combobox, Input and Popover along.
 */
function componentStyles(coreDir: string, names: Iterable<string>): Set<string> {
  const modules = exportedFrom(coreDir);
  const styles = new Set<string>();
  const seen = new Set<string>();
  const queue = [...names].flatMap((name) => modules.get(name) ?? []);
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = resolve(dirname(file), match[1] ?? '');
      const styled = STYLES_MODULE.exec(target.slice(dirname(target).length + 1));
      if (styled?.[1]) styles.add(styled[1]);
      else queue.push(target);
    }
  }
  return styles;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Other Mantine packages the portal uses draw core components of their own (a toast's Notification). */
function packageImports(mantineDir: string, packages: readonly string[]): string[] {
  return packages.flatMap((name) => {
    const esm = join(mantineDir, name, 'esm');
    if (!existsSync(esm)) return [];
    return readdirSync(esm, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mjs'))
      .flatMap((file) => coreImports(readFileSync(join(esm, file), 'utf8')));
  });
}

export interface UsedStyles {
  /** Component names, in the order the whole stylesheet has them. */
  components: string[];
  /** The stylesheet: the global part and those components' styles, nothing else. */
  css: string;
}

/**
 * What of Mantine's stylesheet the portal uses: the global part, then the styles of every
 * component its source (and the Mantine packages it uses) imports, in the whole sheet's order,
 * which puts a component after those it builds on, as Mantine requires.
 */
export function usedMantineStyles(options: {
  coreDir: string;
  sources: readonly string[];
  packages?: readonly string[];
}): UsedStyles {
  const names = [
    ...options.sources.flatMap(coreImports),
    ...packageImports(dirname(options.coreDir), options.packages ?? []),
  ];
  const whole = readFileSync(join(options.coreDir, 'styles.css'), 'utf8');
  const sheets = [...GLOBAL_STYLES, ...componentStyles(options.coreDir, new Set(names))].map(
    (name) => {
      const css = readFileSync(join(options.coreDir, 'styles', `${name}.css`), 'utf8').trim();
      return { name, css, at: whole.indexOf(css.slice(0, 200)) };
    },
  );
  sheets.sort((a, b) => a.at - b.at);
  return {
    components: sheets.map((sheet) => sheet.name).filter((name) => !GLOBAL_STYLES.includes(name)),
    css: sheets.map((sheet) => sheet.css).join('\n'),
  };
}

/**
 * The built page carries only the part of Mantine's stylesheet its components use (about 40% of
 * the whole is never used), so each of the browser's style recalculations matches fewer rules:
 * on a phone those recalculations are a good part of the dashboard's blocking time
 * (docs/performance.md). `main.tsx` imports the whole sheet; the build answers that import with
 * the used part, and the dev server keeps the whole.
 */
export function mantineStyles(webRoot: string): Plugin {
  return {
    name: 'klik-mantine-styles',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!WHOLE_SHEET.test(id)) return null;
      const coreDir = dirname(id);
      const sources = sourceFiles(join(webRoot, 'src')).map((file) => readFileSync(file, 'utf8'));
      return usedMantineStyles({ coreDir, sources, packages: ['notifications', 'charts'] }).css;
    },
  };
}
