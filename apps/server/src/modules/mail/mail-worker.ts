import type { Db } from '../../db/database';
import type { LeaderLock } from '../../kernel/jobs/leader-lock';
import { LeaderJob } from '../../kernel/jobs/leader-loop';
import { dueMailJobs, recordMailOutcome, type DueMailJob } from './mail-jobs.repository';
import type { MailAttachment, MailMessage, MailSender } from './mail-sender';
import { notificationMail, type MailSite } from './notification-mail';

const BATCH_SIZE = 50;

/** The files an e-mail carries, e.g. a completed click's PDF confirmation. */
export type MailAttachments = (job: DueMailJob) => Promise<MailAttachment[]>;

export interface MailWorkerDeps {
  db: Db;
  now: () => Date;
  mail: MailSender;
  /** What a successful send means: handed to SMTP (sent) or kept by the development outbox. */
  delivery: 'sent' | 'outbox';
  site: MailSite;
  lock: LeaderLock;
  attachments: MailAttachments;
  maxAttempts: number;
  retryMs: number;
  retryMaxMs: number;
  pollMs: number;
  log: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

export interface MailRun {
  sent: number;
  retried: number;
  failed: number;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/**
 * Sends the queued notification e-mails (docs/notifications.md, "E-mail"). It runs on the one
 * instance that holds its advisory lock (any instance on the embedded database), one round at a
 * time, so a job is never sent by two workers; each outcome is written right after its attempt.
 * A failed attempt waits retryMs, doubling each time up to retryMaxMs; after maxAttempts the job
 * is failed. A failure ends the round, since the mail server is likely down for the rest too:
 * they wait for the next round instead of each spending an attempt.
 */
export class MailWorker extends LeaderJob<MailRun> {
  #failing = false;

  constructor(private readonly deps: MailWorkerDeps) {
    super({
      name: 'mail worker',
      lock: deps.lock,
      intervalMs: deps.pollMs,
      idle: () => ({ sent: 0, retried: 0, failed: 0 }),
      log: deps.log,
    });
  }

  protected async pass(): Promise<MailRun> {
    const run: MailRun = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const jobs = await dueMailJobs(this.deps.db, this.deps.now(), BATCH_SIZE);
      for (const job of jobs) {
        const outcome = await this.#attempt(job);
        run[outcome] += 1;
        if (outcome === 'retried') return run;
      }
      if (jobs.length < BATCH_SIZE) return run;
    }
  }

  async #attempt(job: DueMailJob): Promise<keyof MailRun> {
    const at = this.deps.now();
    if (!job.recipient) {
      await recordMailOutcome(
        this.deps.db,
        job,
        {
          status: 'failed',
          error: 'no e-mail address, or the user is deactivated',
          recipient: null,
        },
        at,
      );
      return 'failed';
    }
    let error: unknown;
    let sent: MailMessage | null = null;
    try {
      const attachments = await this.deps.attachments(job);
      const message = notificationMail(
        job.notification,
        job.recipient,
        this.deps.site,
        attachments,
      );
      await this.deps.mail.send(message);
      sent = message;
    } catch (caught) {
      error = caught;
    }
    if (sent) {
      // Outside the try: a database error here must not count as a failed send and resend it.
      await recordMailOutcome(
        this.deps.db,
        job,
        {
          status: this.deps.delivery,
          recipient: sent.to,
          subject: sent.subject,
          // What the development outbox kept stays readable for administrators.
          text: this.deps.delivery === 'outbox' ? sent.text : null,
        },
        this.deps.now(),
      );
      this.#recovered();
      return 'sent';
    }
    const attempts = job.attempts + 1;
    if (attempts >= this.deps.maxAttempts) {
      this.deps.log.error(
        { err: error, mailJobId: job.id, attempts },
        'notification e-mail given up after its last attempt',
      );
      await recordMailOutcome(
        this.deps.db,
        job,
        { status: 'failed', error: describe(error), recipient: job.recipient.email },
        at,
      );
      return 'failed';
    }
    this.#reportFailure(error);
    const wait = Math.min(this.deps.retryMs * 2 ** (attempts - 1), this.deps.retryMaxMs);
    await recordMailOutcome(
      this.deps.db,
      job,
      { status: 'retry', error: describe(error), nextAttemptAt: new Date(at.getTime() + wait) },
      at,
    );
    return 'retried';
  }

  #reportFailure(error: unknown): void {
    // One line per outage, not one per retry.
    if (this.#failing) return;
    this.#failing = true;
    this.deps.log.warn(
      { err: error },
      'notification e-mail not sent: it waits and is tried again with backoff',
    );
  }

  #recovered(): void {
    if (!this.#failing) return;
    this.#failing = false;
    this.deps.log.info({}, 'notification e-mails are sent again');
  }
}
