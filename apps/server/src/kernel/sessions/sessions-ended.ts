import type { BusEvents, EventBus } from '../events/event-bus';

/**
 * Tells every instance that sessions have ended (revoked in the database already): their
 * websockets get terminateSession and their session caches forget them. The one way any module
 * announces it (sign-out, an administrator, a password reset, a deactivation).
 *
 * Never throws: the sessions are revoked either way, and every instance's websocket check closes
 * their sockets within WS_SESSION_CHECK_SECONDS and its cache forgets them within seconds.
 */
export async function announceSessionsEnded(
  bus: EventBus,
  sessionIds: number[],
  reason: NonNullable<BusEvents['terminateSession']['reason']>,
  log: { error: (details: object, message: string) => void },
): Promise<void> {
  try {
    await bus.publish('terminateSession', { sessionIds, reason });
  } catch (error) {
    log.error({ err: error }, 'terminateSession not published');
  }
}
