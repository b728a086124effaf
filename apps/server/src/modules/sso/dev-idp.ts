import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { devIdpLoginPage, type DevIdentity } from './dev-idp-page';

/**
 * The identity provider for development and tests (npm run idp): a real OpenID Connect provider
 * (oidc-provider) with a few demo identities. Never a production provider: its keys are made at
 * start and its accounts are public.
 */
/** The one password of every demo identity. */
export const DEV_IDP_PASSWORD = 'Klik-idp-2026';
export const DEV_IDP_CLIENT_ID = 'klik';
export const DEV_IDP_CLIENT_SECRET = 'klik-dev-idp-secret';

export const DEV_IDENTITIES: DevIdentity[] = [
  // The demo user `customer` of Bakkerij Van der Meer, whose users may be linked by e-mail.
  {
    login: 'eva',
    subject: 'idp-eva-jansen',
    email: 'eva.jansen@bakkerijvandermeer.example',
    emailVerified: true,
    name: 'Eva Jansen',
  },
  // The demo user `viewer`, but the provider has not verified the address: never linked by it.
  {
    login: 'bram',
    subject: 'idp-bram-deboer',
    email: 'bram.deboer@bakkerijvandermeer.example',
    emailVerified: false,
    name: 'Bram de Boer',
  },
  // Nobody at Klik.
  {
    login: 'stranger',
    subject: 'idp-stranger',
    email: 'stranger@elsewhere.example',
    emailVerified: true,
    name: 'Stranger',
  },
];

export interface DevIdpOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** The portal's /sso addresses the client may be sent back to. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  identities?: DevIdentity[];
  /** Default true; false stands for a provider that lets a client leave PKCE out. */
  pkceRequired?: boolean;
}

export interface DevIdp {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) request.destroy(new Error('form too large'));
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

function configuration(options: DevIdpOptions, identities: DevIdentity[]): Configuration {
  return {
    clients: [
      {
        client_id: options.clientId ?? DEV_IDP_CLIENT_ID,
        client_secret: options.clientSecret ?? DEV_IDP_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => options.pkceRequired ?? true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const identity = identities.find((candidate) => candidate.subject === id);
      if (!identity) return undefined;
      return {
        accountId: identity.subject,
        claims: () => ({
          sub: identity.subject,
          email: identity.email,
          email_verified: identity.emailVerified,
          name: identity.name,
        }),
      };
    },
    // Klik is the provider's own first-party client: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['klik-dev-idp-cookies-are-not-secret'] },
  };
}

/** Starts the provider on its own HTTP server, with the sign-in page of the demo identities. */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const identities = options.identities ?? DEV_IDENTITIES;
  const host = options.host ?? '127.0.0.1';
  let issuer = '';
  let provider: Provider | null = null;
  let callback: ReturnType<Provider['callback']> | null = null;
  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      console.error('dev idp:', error);
      if (!response.headersSent) response.writeHead(500).end('dev idp error');
    });
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!provider || !callback) throw new Error('not started');
    const path = new URL(request.url ?? '/', issuer).pathname;
    const match = /^\/interaction\/([\w-]+)$/.exec(path);
    if (!match) return callback(request, response);
    const details = await provider.interactionDetails(request, response);
    let error = false;
    if (request.method === 'POST') {
      const form = await readForm(request);
      const identity = identities.find((candidate) => candidate.login === form.get('login'));
      if (identity && form.get('password') === DEV_IDP_PASSWORD) {
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: identity.subject } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      error = true;
    }
    response.writeHead(error ? 401 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(devIdpLoginPage({ action: `/interaction/${details.uid}`, identities, error }));
  }
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  const { port } = server.address() as AddressInfo;
  issuer = `http://${host}:${port}`;
  provider = new Provider(issuer, configuration(options, identities));
  callback = provider.callback();
  return {
    issuer,
    provider,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
