import { z } from 'zod';
import { TextSchema } from './bounded.schemas';

/** Single sign-on paths (docs/security.md, "Single sign-on"). */
export const SSO_PATHS = {
  /** The provider's code becomes a user session (spec section 7). */
  loginOAuth2: '/rest/authentication/loginOAuth2',
  /** The configured providers, for a choice on loginoauth when there are several. */
  providers: '/rest/authentication/sso/providers',
  /** Starts a sign-in: answers the provider's authorisation address. */
  start: '/rest/authentication/sso/start',
} as const;

export const SsoProviderIdSchema = TextSchema(40).regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

export const SsoProviderSchema = z.object({ id: SsoProviderIdSchema, label: z.string() });
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

/**
 * The providers, and the portal's /sso address every provider sends the browser back to: a sign-in
 * must start at that origin, where its state cookie is set (localhost and 127.0.0.1 do not share one).
 */
export const SsoProviderListSchema = z.object({
  providers: z.array(SsoProviderSchema),
  returnUrl: z.url(),
});
export type SsoProviderList = z.infer<typeof SsoProviderListSchema>;

/** Without a provider the only one configured is meant; with several it is required. */
export const SsoStartBodySchema = z.object({ provider: SsoProviderIdSchema.optional() });
export type SsoStartBody = z.infer<typeof SsoStartBodySchema>;

export const SsoStartResultSchema = z.object({ authorizationUrl: z.url() });
export type SsoStartResult = z.infer<typeof SsoStartResultSchema>;

/**
 * POST loginOAuth2: the spec's body {code}, plus the state the provider sent back with it (the
 * sso screen reads both from its query), so the server can tell which sign-in it belongs to.
 * Without state (the spec's body alone) it is taken only for a provider configured with
 * SSO_<ID>_ALLOW_CODE_WITHOUT_STATE, and refused (SSO_STATE_INVALID) otherwise.
 */
export const LoginOAuth2BodySchema = z.object({
  code: TextSchema(2048).trim().min(1),
  state: TextSchema(512).trim().min(1).optional(),
  /** The provider's `iss` response parameter (RFC 9207), when it sends one. */
  iss: TextSchema(2048).trim().min(1).optional(),
});
export type LoginOAuth2Body = z.infer<typeof LoginOAuth2BodySchema>;
