import type { EnvironmentSettings } from '@klik/api';

const STYLESHEET_ID = 'klik-env-stylesheet';

function ensureLink(doc: Document, selector: string, create: () => HTMLLinkElement) {
  const existing = doc.head.querySelector<HTMLLinkElement>(selector);
  if (existing) return existing;
  const link = create();
  doc.head.append(link);
  return link;
}

/** Title, favicon and stylesheet come from the deployment's settings (spec section 2). */
export function applyEnvironment(
  doc: Document,
  env: Pick<EnvironmentSettings, 'title' | 'favicon' | 'stylesheetUrl'> &
    Partial<Pick<EnvironmentSettings, 'production'>>,
) {
  // A deployment that is not production says so in every tab's title, and marks the page so its
  // stylesheet can colour it: nobody should mistake a test portal for the one that buys energy.
  const test = env.production === false;
  doc.title = test ? `${env.title} (test)` : env.title;
  if (test) doc.documentElement.dataset.environment = 'test';
  else delete doc.documentElement.dataset.environment;
  const icon = ensureLink(doc, 'link[rel="icon"]', () => {
    const link = doc.createElement('link');
    link.rel = 'icon';
    return link;
  });
  icon.href = env.favicon;
  if (env.favicon.endsWith('.svg')) icon.type = 'image/svg+xml';
  else icon.removeAttribute('type');

  const existingSheet = doc.getElementById(STYLESHEET_ID);
  if (!env.stylesheetUrl) {
    existingSheet?.remove();
    return;
  }
  const sheet = ensureLink(doc, `#${STYLESHEET_ID}`, () => {
    const link = doc.createElement('link');
    link.id = STYLESHEET_ID;
    link.rel = 'stylesheet';
    return link;
  });
  sheet.href = env.stylesheetUrl;
}
