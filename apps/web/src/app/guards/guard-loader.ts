import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  admits,
  changePasswordPathReturningTo,
  homePath,
  loginPathReturningTo,
  type Access,
} from '../../shared/routing/access';
import { PATHS } from '../../shared/routing/paths';
import { readSession, refreshLastRefresh } from '../../shared/session/session-store';

/**
 * A route guard as a loader: no session goes to login with a returnUrl, a refused user goes to
 * their own home screen, an admitted one has lastRefresh renewed (spec section 6).
 */
export function guardLoader(access: Access) {
  return ({ request }: LoaderFunctionArgs): null => {
    const session = readSession();
    if (!session) {
      const url = new URL(request.url);
      throw redirect(loginPathReturningTo(`${url.pathname}${url.search}${url.hash}`));
    }
    // An initial password is changed before anything else (the server refuses every other call).
    if (session.mustChangePassword === true && access !== 'changePassword') {
      const url = new URL(request.url);
      throw redirect(changePasswordPathReturningTo(`${url.pathname}${url.search}${url.hash}`));
    }
    // An administrator required to use an authenticator app sets it up on myinfo first (the
    // server refuses every other call until then).
    if (
      session.secondFactorSetupRequired === true &&
      access !== 'changePassword' &&
      new URL(request.url).pathname !== PATHS.myInfo
    ) {
      throw redirect(PATHS.myInfo);
    }
    if (!admits(access, session)) throw redirect(homePath(session));
    refreshLastRefresh();
    return null;
  };
}
