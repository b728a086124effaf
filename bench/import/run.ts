// npm run bench:import
//
// Imports a file of 10,000 rows (5,000 power contracts, Peak and OffPeak, one year each) through
// ContractImportService on an empty database, next to the floor: reading and typing the same
// file without the database (what the file alone costs). Reports both, their ratio and the
// machine's load; the goal is under a minute for the import. PGlite in memory by default;
// BENCH_DATABASE_URL runs it on a fresh PostgreSQL database instead (created and dropped).
import { performance } from 'node:perf_hooks';
import { ContractImportService } from '../../apps/server/src/modules/contracts/import.service';
import { readImportTable } from '../../apps/server/src/modules/contracts/import.parser';
import { parseImportRows } from '../../apps/server/src/modules/contracts/import.rows';
import { createUser } from '../../apps/server/test/builders';
import { createTestDatabase } from '../../apps/server/test/test-database';
import { machineLoad } from '../machine-load';

const ROWS = 10_000;

function fileOf(customerId: number): Buffer {
  const lines = [
    'contractId;customerId;commodity;product;marketOption;yearOfSupply;part;volume;markUp;transactionFee',
  ];
  for (let index = 0; index < ROWS / 2; index += 1) {
    for (const part of ['Peak', 'OffPeak']) {
      lines.push(
        `KB-${index};${customerId};Power;Stroom;PRE_EOD;2027;${part};${1200 + index}.5;2,5;0,25`,
      );
    }
  }
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  try {
    const { id: customerId } = await database.db
      .insertInto('customers')
      .values({ name: 'Bench B.V.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: userId } = await createUser(database.db, { role: 'admin' });
    const bytes = fileOf(customerId);

    const load = machineLoad();
    const floorStart = performance.now();
    const read = await readImportTable(bytes);
    if (!read.ok) throw new Error(read.issue.code);
    parseImportRows(read.table);
    const floorMs = performance.now() - floorStart;

    const service = new ContractImportService({
      db: database.db,
      now: () => new Date(),
      flushEvents: async () => {},
    });
    const auth = { user: { id: userId, username: 'bench' }, impersonator: null } as never;
    const start = performance.now();
    const report = await service.run(auth, bytes, false, '127.0.0.1');
    const importMs = performance.now() - start;
    if (!report.imported)
      throw new Error(`not imported: ${JSON.stringify(report.issues.slice(0, 3))}`);

    console.info(
      JSON.stringify(
        {
          rows: ROWS,
          contracts: report.created,
          importSeconds: Number((importMs / 1000).toFixed(2)),
          floorSeconds: Number((floorMs / 1000).toFixed(2)),
          ratio: Number((importMs / floorMs).toFixed(1)),
          underAMinute: importMs < 60_000,
        },
        null,
        2,
      ),
    );
    process.exitCode = load.verdict(
      importMs < 60_000,
      'imported within a minute',
      'SLOWER THAN A MINUTE',
    );
  } finally {
    await database.drop();
  }
}

await main();
