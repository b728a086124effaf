import { principalOf, reachOf, type Action, type UserSession } from '@klik/api';

type SessionRights = Pick<UserSession, 'role' | 'readOnly' | 'manageUsers'> &
  Partial<Pick<UserSession, 'allowTPIPage'>>;

/**
 * Whether the permission matrix (packages/api admin-permissions.ts) lets this session do an action
 * at all; the server still decides for each customer and user. Used to offer only what can work.
 */
export function may(session: SessionRights, action: Action): boolean {
  const principal = principalOf(
    session.role,
    session.manageUsers === true,
    session.allowTPIPage === true,
  );
  return reachOf(action, principal, session.readOnly) !== 'none';
}
