import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const PARSER = '@formatjs/icu-messageformat-parser';
const CATALOGUE = /[\\/]src[\\/]shared[\\/]i18n[\\/]messages[\\/]([a-z]+)\.json$/;
/** The one module that parses at run time: a deployment's own translations (env.json). */
const RUNTIME_PARSER = /[\\/]src[\\/]shared[\\/]i18n[\\/]translation-parser\.ts$/;

/**
 * The catalogues reach the browser as message ASTs, parsed here at build time, so the page does
 * not carry the ICU parser (about 7 KB gzipped) to read them (docs/performance.md). intl-messageformat
 * gets the parser package's no-parser build; only the deployment's translations,
 * which exist at run time alone, are parsed in the browser, by a chunk loaded when there are some.
 * Build only: tests and the dev server read the catalogues as strings with the real parser.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'klik-precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== PARSER || !importer || RUNTIME_PARSER.test(importer)) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { ...options, skipSelf: true });
    },
    transform(code, id) {
      const locale = CATALOGUE.exec(id)?.[1];
      if (locale === undefined) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [
          key,
          parse(message, { locale: new Intl.Locale(locale) }),
        ]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
