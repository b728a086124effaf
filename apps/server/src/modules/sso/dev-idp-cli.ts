import { DEV_IDP_CLIENT_ID, DEV_IDP_CLIENT_SECRET, DEV_IDP_PASSWORD, startDevIdp } from './dev-idp';

// npm run idp: the development identity provider, until Ctrl+C (docs/operations.md).
const port = Number(process.env.IDP_PORT ?? 4000);
const host = process.env.IDP_HOST ?? '127.0.0.1';
const redirectUris = (process.env.IDP_REDIRECT_URIS ?? 'http://localhost:3000/sso')
  .split(',')
  .map((uri) => uri.trim())
  .filter((uri) => uri !== '');
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`IDP_PORT: expected a whole number from 1 to 65535, got "${process.env.IDP_PORT}"`);
  process.exit(1);
}

const idp = await startDevIdp({ port, host, redirectUris });
console.info(`Development identity provider at ${idp.issuer} (password ${DEV_IDP_PASSWORD})`);
console.info('Start Klik with:');
console.info(
  `  SSO_PROVIDERS=demo SSO_DEMO_ISSUER=${idp.issuer} SSO_DEMO_CLIENT_ID=${DEV_IDP_CLIENT_ID} ` +
    `SSO_DEMO_CLIENT_SECRET=${DEV_IDP_CLIENT_SECRET} SSO_DEMO_CUSTOMERS=1 npm start`,
);
// The provider sends the browser back to the first of these: sign-ins start there (loginoauth
// moves a browser that opened another address, such as 127.0.0.1 for localhost).
console.info(`and open ${new URL('/', redirectUris[0] ?? 'http://localhost:3000/')}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void idp.close().then(() => process.exit(0));
  });
}
