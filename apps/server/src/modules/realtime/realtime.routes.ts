import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SessionTokenSchema } from '@klik/api';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import type { RealtimeHub } from './realtime-hub';

export interface RealtimeRoutesOptions {
  hub: RealtimeHub;
  /** The websocket base of the web settings (`/ws` or `wss://host/ws`). */
  websocketUrl: string;
  authenticate: (token: string) => Promise<AuthContext | null>;
}

/** The path part of the websocket base, where the server listens for `/{token}`. */
export function websocketPath(websocketUrl: string): string {
  const path = /^wss?:\/\//i.test(websocketUrl) ? new URL(websocketUrl).pathname : websocketUrl;
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of a websocket request, resolved before the upgrade. */
    wsAuth?: AuthContext;
  }
}

/** `{websocketUrl}/{token}`: the token is checked before the upgrade, a bad one gets 401. */
export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRoutesOptions> = async (
  app,
  { hub, websocketUrl, authenticate },
) => {
  await app.register(fastifyWebsocket, {
    // Browsers send nothing the server reads; a small limit keeps abuse cheap.
    options: { maxPayload: 4096 },
  });

  app.get(
    `${websocketPath(websocketUrl)}/:token`,
    {
      websocket: true,
      // The token is in the path: keep request lines out of the log.
      logLevel: 'warn',
      schema: { params: z.object({ token: SessionTokenSchema }) },
      preValidation: async (request) => {
        // A plain GET (no upgrade) gets the plugin's 404; only upgrades need a session.
        if (!request.ws) return;
        const { token } = request.params as { token: string };
        const auth = await authenticate(token);
        if (!auth) throw new AppError('UNAUTHENTICATED');
        request.wsAuth = auth;
      },
    },
    async (socket, request) => {
      const auth = request.wsAuth;
      if (!auth) {
        socket.close(4001, 'session ended');
        return;
      }
      // Anything a client sends is ignored; the channel is one-way.
      socket.on('message', () => {});
      await hub.attach(socket, auth);
    },
  );
};
