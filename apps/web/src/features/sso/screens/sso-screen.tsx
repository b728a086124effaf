import { useEffect, useRef, useState } from 'react';
import { Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiClient } from '../../../shared/api/use-api-client';
import { isInternetExplorer } from '../../../shared/browser/is-internet-explorer';
import { useT } from '../../../shared/i18n/use-t';
import { homePath } from '../../../shared/routing/access';
import { clearLocalSession, startSession } from '../../../shared/session/session-store';
import { IeWarning } from '../../../shared/ui/ie-warning';
import { PublicPage } from '../../../shared/ui/public-page';
import { useLoginOAuth2 } from '../api/sso-api';
import { SsoBusy, SsoPanel } from '../components/sso-panel';
import { useEnv } from '../../../shared/env/use-env';
import { forgetExternalState, isExternalStateOfThisTab } from '../external-sso';
import { isExternalSsoUrl, ssoFailureKey } from '../sso-failure';

/**
 * /sso (spec sections 2 and 4): where the provider sends the browser back with code and state.
 * An earlier session held here ends first; then the code is exchanged on the server, and the
 * user lands where a sign-in with password would. After an absolute ssourl the server kept no
 * state: the spec's {code} alone is sent, once the state this tab sent has come back with it.
 */
export function SsoScreen() {
  const t = useT();
  const api = useApiClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLoginOAuth2();
  const { ssourl } = useEnv();
  const external = ssourl !== null && isExternalSsoUrl(ssourl);
  const started = useRef(false);
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  // Read once, before the effect forgets it: not the state this tab sent is another tab, another
  // address, or someone else's link.
  const [foreign] = useState(() => external && !isExternalStateOfThisTab(state));
  const iss = searchParams.get('iss');
  // The provider refused or the user cancelled there (error=access_denied): nothing to exchange.
  const incomplete = !code || !state;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const previous = clearLocalSession();
    if (previous) {
      api.logout(previous.token).catch((error: unknown) => {
        console.warn('Logging out the earlier session failed', error);
      });
    }
    if (!code || !state) return;
    if (external) forgetExternalState();
    if (foreign) return;
    login.mutate(
      { code, ...(external ? {} : { state }), ...(iss ? { iss } : {}) },
      {
        onSuccess: (session) => {
          startSession(session);
          void navigate(homePath(session), { replace: true });
        },
      },
    );
    // Runs once per visit: a code can be exchanged only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const failure = login.isError
    ? ssoFailureKey(login.error)
    : foreign && !incomplete
      ? 'error.ssoStateInvalid'
      : incomplete
        ? 'login.error.unavailable'
        : null;
  return (
    <PublicPage>
      <Stack>
        {isInternetExplorer(navigator.userAgent) && <IeWarning />}
        <SsoPanel testId="screen-sso" failure={failure}>
          <SsoBusy text={t('sso.loggingIn')} />
        </SsoPanel>
      </Stack>
    </PublicPage>
  );
}
