import type { ActiveSession } from '@klik/api';
import type { Db } from '../../db/database';
import { actorOf, writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import type { EventBus } from '../../kernel/events/event-bus';
import { AppError } from '../../kernel/http/app-error';
import { announceSessionsEnded } from '../../kernel/sessions/sessions-ended';
import { activeSessions, revokeSession } from '../../kernel/sessions/sessions.repository';

export interface SessionAdminDeps {
  db: Db;
  bus: EventBus;
  now: () => Date;
  idleMinutes: number;
  log: { error: (details: object, message: string) => void };
}

/** The monitor screen's list of sessions, and ending one by an administrator. */
export class SessionAdminService {
  constructor(private readonly deps: SessionAdminDeps) {}

  async list(): Promise<ActiveSession[]> {
    const { db, now, idleMinutes } = this.deps;
    const rows = await activeSessions(db, now(), idleMinutes);
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: row.name,
      role: row.role,
      impersonatedBy: row.impersonatedBy,
      readOnly: row.read_only,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at.toISOString(),
      ip: row.ip,
    }));
  }

  /** Revokes the session, audits it either way, and tells its websockets (404 if none is open). */
  async terminate(auth: AuthContext, sessionId: number, ip: string | null): Promise<void> {
    const { db, bus, now, log } = this.deps;
    const revoked = await revokeSession(db, sessionId, now());
    await writeAudit(db, {
      at: now(),
      ...actorOf(auth),
      action: 'terminateSession',
      outcome: revoked ? 'success' : 'failure',
      subject: revoked?.username ?? String(sessionId),
      details: revoked ? { sessionId } : { sessionId, reason: 'no active session' },
      ip,
    });
    if (!revoked) throw new AppError('NOT_FOUND');
    await announceSessionsEnded(bus, [sessionId], 'TERMINATED', log);
  }
}
