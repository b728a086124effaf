import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptTermsBodySchema,
  ClickIdParamsSchema,
  CustomerParamsSchema,
  ExecuteBodySchema,
  ExecuteResponseSchema,
  ClickDetailSchema,
  LOCALE_HEADER,
  PURCHASE_PATHS,
  QuoteBodySchema,
  QuoteIdParamsSchema,
  QuoteSchema,
  SendSmsBodySchema,
  SmsSentSchema,
  TermsSchema,
} from '@klik/api';
import { localeFromHeader } from '../../kernel/i18n/server-messages';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { PurchaseService } from './purchase.service';
import type { DevSmsGateway } from '../../kernel/one-time-codes/sms-gateway';
import type { ClickDesk } from './click-desk';

export const purchaseRoutes: FastifyPluginAsyncZod<{
  purchase: PurchaseService;
  guards: AuthGuards;
  /** Development only: the codes the development gateway "sent". */
  devOutbox: DevSmsGateway | null;
  /** Tests only: the click desk a browser test may hold. */
  testDesk: ClickDesk | null;
}> = async (app, { purchase, guards, devOutbox, testDesk }) => {
  const common = { tags: ['purchase'], security: [{ session: [] }] };

  app.post(
    PURCHASE_PATHS.quote,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Price a click for 5 minutes (checks every rule the confirmation checks)',
        body: QuoteBodySchema,
        response: { 200: QuoteSchema },
      },
    },
    async (request) => purchase.quote(sessionOf(request), request.body, request.ip),
  );

  app.delete(
    PURCHASE_PATHS.cancelQuote,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Give up a quote (leaving the flow), so another position may be quoted',
        params: QuoteIdParamsSchema,
      },
    },
    async (request, reply) => {
      await purchase.cancelQuote(sessionOf(request), request.params.quoteId, request.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    PURCHASE_PATHS.execute,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Confirm a quote; the same idempotency key again answers the same click',
        body: ExecuteBodySchema,
        response: { 200: ExecuteResponseSchema },
      },
    },
    async (request) => ({
      click: await purchase.execute(sessionOf(request), request.body, request.ip),
    }),
  );

  app.post(
    PURCHASE_PATHS.sms,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "Send a new 6-digit code for a quote to the user's mobile number",
        body: SendSmsBodySchema,
        response: { 200: SmsSentSchema },
      },
    },
    async (request) => purchase.sendSms(sessionOf(request), request.body.quoteId, request.ip),
  );

  app.get(
    PURCHASE_PATHS.terms,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "The terms that apply to a customer's clicks and whether the user accepted them",
        params: CustomerParamsSchema,
        response: { 200: TermsSchema },
      },
    },
    async (request) =>
      purchase.terms(
        sessionOf(request),
        request.params.customerId,
        localeFromHeader(request.headers[LOCALE_HEADER]),
      ),
  );

  app.post(
    PURCHASE_PATHS.acceptTerms,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Accept a version of the terms',
        params: CustomerParamsSchema,
        body: AcceptTermsBodySchema,
        response: { 200: TermsSchema },
      },
    },
    async (request) =>
      purchase.acceptTerms(
        sessionOf(request),
        request.params.customerId,
        request.body.version,
        request.ip,
      ),
  );

  app.get(
    PURCHASE_PATHS.click,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'One click and its state',
        params: ClickIdParamsSchema,
        response: { 200: ClickDetailSchema },
      },
    },
    async (request) => purchase.click(sessionOf(request), request.params.clickId),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      decision === 'approve' ? PURCHASE_PATHS.approve : PURCHASE_PATHS.reject,
      {
        preHandler: guards.requireAuth,
        schema: {
          ...common,
          summary:
            decision === 'approve'
              ? 'Approve a click awaiting approval (four-eyes)'
              : 'Reject a click awaiting approval',
          params: ClickIdParamsSchema,
          response: { 200: ClickDetailSchema },
        },
      },
      async (request) =>
        purchase.decide(sessionOf(request), request.params.clickId, decision, request.ip),
    );
  }

  if (devOutbox) {
    app.get(
      PURCHASE_PATHS.devSmsOutbox,
      {
        schema: {
          tags: ['development'],
          summary: 'Development only: the text messages the development gateway wrote to the log',
          response: {
            200: z.array(z.object({ to: z.string(), text: z.string(), at: z.string() })),
          },
        },
      },
      async () => [...devOutbox.outbox()],
    );
  }

  if (testDesk) {
    app.put(
      PURCHASE_PATHS.devClickDesk,
      {
        schema: {
          tags: ['development'],
          summary: 'Tests only: hold the click desk (nothing completes or expires) or release it',
          body: z.object({ held: z.boolean() }).strict(),
          response: { 200: z.object({ held: z.boolean() }) },
        },
      },
      async (request) => {
        testDesk.hold(request.body.held);
        return { held: request.body.held };
      },
    );
  }
};
