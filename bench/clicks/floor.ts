import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The floor a click is measured against: a bare Fastify route on the same database that does the
 * least a click must do (lock the contract row, insert the click and its month, add the volume to
 * the ledger, commit), over HTTP, so a figure reads as a ratio under any machine load. Used by
 * bench:clicks and bench:orders; the caller sends {contractId, month} of a power contract whose
 * Peak months it may fill.
 */
export async function startClickFloor(
  databaseUrl: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const floorPool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const floor = Fastify();
  floor.post<{ Body: { contractId: string; month: number } }>('/floor', async (request) => {
    const client = await floorPool.connect();
    try {
      await client.query('begin');
      const contract = await client.query<{ id: number }>(
        'select id from contracts where contract_id = $1 for update',
        [request.body.contractId],
      );
      const id = contract.rows[0]?.id;
      const click = await client.query<{ id: number }>(
        `insert into clicks (contract_id, year_of_supply, maturity, status, market, created_at)
         values ($1, 2027, $2, 'COMPLETED', 'OTC', now()) returning id`,
        [id, `M${request.body.month}`],
      );
      await client.query(
        `insert into click_months (click_id, part, month, volume, price)
         values ($1, 'Peak', $2, 1, 82.25)`,
        [click.rows[0]?.id, request.body.month],
      );
      await client.query(
        `update position_months set clicked_volume = clicked_volume + 1,
           clicked_cost = clicked_cost + 82.25
         where contract_id = $1 and part = 'Peak' and year_of_supply = 2027 and month = $2`,
        [id, request.body.month],
      );
      await client.query('commit');
      return { id: click.rows[0]?.id };
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
  await floor.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}/floor`,
    close: async () => {
      await floor.close();
      await floorPool.end();
    },
  };
}
