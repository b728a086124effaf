import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../kernel/config/config';
import { backup, BackupError, restore, type BackupReport, type RestoreReport } from './backup';

// npm run backup -- --to <file>; npm run restore -- --from <file> [--replace]
// (docs/operations.md "Backups"). Built into apps/server/dist/operations.js like the server.

const USAGE =
  'Usage: npm run backup -- --to <file>\n' + '       npm run restore -- --from <file> [--replace]';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function backupLine(report: BackupReport): string {
  const how = {
    online: 'the embedded database, copied by the running portal',
    offline: 'the embedded database (no portal was running)',
    pg_dump: 'PostgreSQL, by pg_dump',
  }[report.how];
  return `Backup written to ${report.file} (${megabytes(report.bytes)}, ${how}); verified.`;
}

function restoreLine(report: RestoreReport): string {
  const kept = report.keptAs ? ` The database it replaced is kept in ${report.keptAs}.` : '';
  const where = report.kind === 'embedded' ? `DATA_DIR ${report.target}` : report.target;
  return `Restored into ${where}. Start the portal on it (npm start).${kept}`;
}

async function main(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
  });
  // npm runs scripts at the repository root; paths mean where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig(process.env);
  if (command === 'backup' && values.to) {
    return backupLine(await backup(config, resolve(cwd, values.to)));
  }
  if (command === 'restore' && values.from) {
    const report = await restore(config, resolve(cwd, values.from), { replace: values.replace });
    return restoreLine(report);
  }
  throw new BackupError(USAGE);
}

main(process.argv.slice(2)).then(
  (line) => {
    console.info(line);
  },
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
    } else if (error instanceof TypeError && 'code' in error) {
      // parseArgs: an unknown or incomplete option.
      console.error(`${error.message}\n${USAGE}`);
    } else {
      console.error('Failed:', error);
    }
    process.exitCode = 1;
  },
);
