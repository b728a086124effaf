import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TPI_PATHS,
  TpiCustomerDataSchema,
  TpiCustomerParamsSchema,
  TpiPageSchema,
  TpiQuerySchema,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../auth/auth-guards';
import { sessionOf } from '../auth/auth-guards';
import { TpiService } from './tpi.service';

/** The TPI consultant's data calls (docs/tpi.md); reads only, so nothing is audited. */
export const tpiRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: AuthGuards;
  now: () => Date;
}> = async (app, { db, guards, now }) => {
  const tpi = new TpiService({ db, now });
  const common = { tags: ['tpi'], security: [{ session: [] }] };

  app.get(
    TPI_PATHS.all,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "TPI data of the consultant's customers, a page of customers at a time",
        querystring: TpiQuerySchema,
        response: { 200: TpiPageSchema },
      },
    },
    async (request) => tpi.page(sessionOf(request), request.query),
  );

  app.get(
    TPI_PATHS.customer,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'TPI data of one customer of the consultant',
        params: TpiCustomerParamsSchema,
        response: { 200: TpiCustomerDataSchema },
      },
    },
    async (request) => tpi.customer(sessionOf(request), request.params.customerId),
  );
};
