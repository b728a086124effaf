import { createDatabase } from './db/database';
import { ConfigError, loadConfig } from './kernel/config/config';
import { DataDirLock, InstanceConflictError } from './instance-guard';
import {
  verifyChains,
  type ChainEntryRef,
  type StreamVerification,
} from './kernel/audit/chain-verification';

// npm run verify:audit: walks the hash chains of the audit log and the click ledger of the
// database the configuration names (DATABASE_URL, or the embedded one in DATA_DIR) and says per
// stream how far each is intact (docs/audit-trail.md). Exit code 0: intact; 1: broken; 2: could
// not check.

const REASONS: Record<NonNullable<StreamVerification['break']>['reason'], string> = {
  CONTENT_CHANGED: 'its content was changed',
  LINK_BROKEN: 'it does not link to the entry before it (that one was changed or replaced)',
  ENTRY_MISSING: 'entries before it are missing',
  TAIL_MISSING: 'this entry and any after it are missing',
  HEAD_MISMATCH: 'the last entry is not the one the database appended',
};

function entry(ref: ChainEntryRef | null): string {
  if (!ref) return 'nothing';
  return `entry ${ref.id} (#${ref.seq}${ref.at ? `, ${ref.at.toISOString()}` : ''})`;
}

function line(stream: StreamVerification): string {
  const name = `${stream.chain} ${stream.stream}`;
  if (!stream.break) {
    return `intact  ${name}: ${stream.entries} entries, head ${stream.headHash ?? '-'}`;
  }
  return (
    `BROKEN  ${name}: at ${entry(stream.break)}: ${REASONS[stream.break.reason]}; ` +
    `intact up to ${entry(stream.intactUpTo)}`
  );
}

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  // The embedded database has one user: a running portal holds it (the admin screen checks the
  // same chains: Beheer, Audit log, Integriteit).
  const lock = !config.databaseUrl && config.dataDir ? DataDirLock.acquire(config.dataDir) : null;
  try {
    const db = await createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      databasePoolSize: 1,
    });
    try {
      const report = await verifyChains(db, new Date());
      const streams = [...report.streams].sort(
        (a, b) => Number(b.break !== null) - Number(a.break !== null),
      );
      for (const stream of streams) console.info(line(stream));
      const broken = streams.filter((stream) => stream.break).length;
      console.info(
        broken === 0
          ? `All ${streams.length} streams intact (checked ${report.checkedAt.toISOString()}).`
          : `${broken} of ${streams.length} streams broken (checked ${report.checkedAt.toISOString()}).`,
      );
      return broken === 0 ? 0 : 1;
    } finally {
      await db.destroy();
    }
  } finally {
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof InstanceConflictError) {
      console.error(error.message);
    } else {
      console.error(`Could not check the audit trail: ${(error as Error).message}`);
    }
    process.exit(2);
  },
);
