import type { Config } from '../config/config';

/** The portal's Content-Security-Policy: its own origin, plus a deployment's stylesheet and backends. */
export function contentSecurityPolicy(config: Config) {
  const styleSources = ["'self'", "'unsafe-inline'"];
  // A deployment's own stylesheet may live on another origin.
  if (config.web.stylesheetUrl && /^https?:\/\//.test(config.web.stylesheetUrl)) {
    styleSources.push(new URL(config.web.stylesheetUrl).origin);
  }
  const connectSources = ["'self'", 'ws:', 'wss:'];
  for (const url of [config.web.backendUrl, config.web.notificationBackendUrl]) {
    if (/^https?:\/\//.test(url)) connectSources.push(new URL(url).origin);
  }
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: styleSources,
      connectSrc: connectSources,
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // Plain-HTTP single-machine installs must keep working; TLS is the proxy's job.
      upgradeInsecureRequests: null,
    },
  };
}
