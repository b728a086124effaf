import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PATHS,
  CustomerParamsSchema,
  PublishTermsBodySchema,
  TermsVersionListSchema,
  TermsVersionSchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { TermsService } from './terms.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

export const termsRoutes: FastifyPluginAsyncZod<{
  terms: TermsService;
  guards: AuthGuards;
}> = async (app, { terms, guards }) => {
  app.get(
    ADMIN_PATHS.customerTerms,
    {
      preHandler: guards.requirePermission('customers.read'),
      schema: {
        ...common,
        summary: "A customer's own terms versions, then the default ones, newest first",
        params: CustomerParamsSchema,
        response: { 200: TermsVersionListSchema },
      },
    },
    async (request) => terms.list(sessionOf(request), request.params.customerId),
  );

  app.post(
    ADMIN_PATHS.customerTerms,
    {
      preHandler: guards.requirePermission('terms.publish'),
      schema: {
        ...common,
        summary: "Publish a new version of a customer's terms (nl and en); users accept it next",
        params: CustomerParamsSchema,
        body: PublishTermsBodySchema,
        response: { 201: TermsVersionSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await terms.publish(
            sessionOf(request),
            request.params.customerId,
            request.body,
            request.ip,
          ),
        ),
  );

  app.get(
    ADMIN_PATHS.defaultTerms,
    {
      preHandler: guards.requirePermission('customers.read'),
      schema: {
        ...common,
        summary: 'The default terms versions (for customers without their own), newest first',
        response: { 200: TermsVersionListSchema },
      },
    },
    async (request) => terms.list(sessionOf(request), null),
  );

  app.post(
    ADMIN_PATHS.defaultTerms,
    {
      preHandler: guards.requirePermission('terms.publish'),
      schema: {
        ...common,
        summary: 'Publish a new version of the default terms (admin only)',
        body: PublishTermsBodySchema,
        response: { 201: TermsVersionSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await terms.publish(sessionOf(request), null, request.body, request.ip)),
  );
};
