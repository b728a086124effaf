import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  admits,
  changePasswordPathReturningTo,
  homePath,
  loginPathReturningTo,
  type Access,
} from '../../shared/routing/access';
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
    if (!admits(access, session)) throw redirect(homePath(session));
    refreshLastRefresh();
    return null;
  };
}
