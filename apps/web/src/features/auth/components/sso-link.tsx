import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useEnv } from '../../../shared/env/use-env';
import { useT } from '../../../shared/i18n/use-t';

/**
 * Offered when the environment names a single sign-on entry (ssourl): the portal's own
 * loginoauth, or a provider's absolute authorise address, which is reached through loginoauth
 * too, so that the trip carries a state of this tab (features/sso/external-sso.ts).
 */
export function SsoLink() {
  const t = useT();
  const { ssourl } = useEnv();
  if (!ssourl) return null;
  const to = /^https?:\/\//i.test(ssourl) ? '/loginoauth' : ssourl;
  const internal = to.startsWith('/') && !to.startsWith('//');
  return internal ? (
    <Anchor component={Link} to={to} size="sm" data-testid="login-sso">
      {t('login.sso')}
    </Anchor>
  ) : (
    <Anchor href={ssourl} size="sm" data-testid="login-sso">
      {t('login.sso')}
    </Anchor>
  );
}
