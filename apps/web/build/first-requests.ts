import type { Plugin } from 'vite';

/** The messages of the locale most pages are shown in (DEFAULT_LOCALE of @klik/api). */
const LIKELY_MESSAGES = /[\\/]i18n[\\/]messages[\\/]nl\.json$/;

/**
 * Names in index.html what the page asks for as soon as its code runs, the settings
 * (/env.json) and the Dutch messages, so the browser fetches them beside the code instead of
 * after it: on a slow line that is one round of requests less before the first screen
 * (docs/performance.md). A page in English fetches its own messages as well, then.
 */
export function firstRequests(): Plugin {
  let base = '/';
  return {
    name: 'klik-first-requests',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const messages = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && LIKELY_MESSAGES.test(output.facadeModuleId ?? ''),
        );
        if (!messages) throw new Error('the build has no chunk of the Dutch messages');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: '/env.json', as: 'fetch', crossorigin: 'anonymous' },
            injectTo: 'head',
          },
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${messages.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
