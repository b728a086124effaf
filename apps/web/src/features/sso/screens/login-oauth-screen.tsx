import { useEffect, useRef } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { SsoProvider } from '@klik/api';
import { useEnv } from '../../../shared/env/use-env';
import { useT } from '../../../shared/i18n/use-t';
import { PublicPage } from '../../../shared/ui/public-page';
import { useSsoProviders, useStartSso } from '../api/sso-api';
import { SsoBusy, SsoPanel } from '../components/sso-panel';
import { redirectBrowser } from '../browser-redirect';
import { isExternalSsoUrl, ssoFailureKey, ssoStartAddress } from '../sso-failure';
import { externalAuthorizeAddress, externalReturnUrl } from '../external-sso';

/**
 * loginoauth (spec section 2): says the user is being sent to single sign-on and sends them at
 * once: to the provider's address the server made (state, nonce, PKCE), or, when ssourl is an
 * absolute address of the provider itself, there, with a state of this tab (external-sso.ts). With several providers and none named in
 * `?provider=`, the user picks one. Opened at another origin than the one the provider sends back
 * to (127.0.0.1 for localhost), it first moves the browser to loginoauth there.
 */
export function LoginOAuthScreen() {
  const t = useT();
  const env = useEnv();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('provider');
  const external = env.ssourl !== null && isExternalSsoUrl(env.ssourl) ? env.ssourl : null;
  const providers = useSsoProviders(external === null);
  const start = useStartSso();
  const started = useRef(false);

  const moveTo = providers.data
    ? ssoStartAddress(providers.data.returnUrl, window.location.origin, searchParams)
    : null;
  const list = moveTo === null ? (providers.data?.providers ?? []) : [];
  const chosen: SsoProvider | undefined =
    requested !== null
      ? list.find((provider) => provider.id === requested)
      : list.length === 1
        ? list[0]
        : undefined;
  const mustChoose = providers.isSuccess && chosen === undefined && list.length > 1;

  function go(provider: string) {
    if (started.current) return;
    started.current = true;
    start.mutate(
      { provider },
      {
        onSuccess: ({ authorizationUrl }) => redirectBrowser(authorizationUrl),
        onError: () => {
          started.current = false;
        },
      },
    );
  }

  useEffect(() => {
    if (external !== null) {
      // Its own state is kept in this tab: leave from the origin the provider sends back to.
      const returnUrl = externalReturnUrl(external);
      const there =
        returnUrl === null
          ? null
          : ssoStartAddress(returnUrl, window.location.origin, searchParams);
      redirectBrowser(there ?? externalAuthorizeAddress(external));
      return;
    }
    if (moveTo !== null) {
      redirectBrowser(moveTo);
      return;
    }
    if (chosen) go(chosen.id);
    // go() runs once per visit (started); chosen changes only when the provider list arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [external, moveTo, chosen?.id]);

  const failed =
    external === null &&
    (start.isError ||
      providers.isError ||
      (providers.isSuccess && moveTo === null && list.length === 0) ||
      (providers.isSuccess && moveTo === null && requested !== null && chosen === undefined));

  const failure = failed
    ? start.isError
      ? ssoFailureKey(start.error)
      : 'login.error.unavailable'
    : null;
  return (
    <PublicPage>
      <SsoPanel testId="screen-loginoauth" failure={failure}>
        {mustChoose ? (
          <Stack gap="xs">
            <Text>{t('sso.chooseProvider')}</Text>
            {list.map((provider) => (
              <Button key={provider.id} variant="light" onClick={() => go(provider.id)}>
                {provider.label}
              </Button>
            ))}
          </Stack>
        ) : (
          <SsoBusy text={t('sso.redirecting')} testId="sso-redirecting" />
        )}
      </SsoPanel>
    </PublicPage>
  );
}
