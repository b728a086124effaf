import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@klik/api';
import { AppError } from './app-error';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit cookie: the SPA reads XSRF-TOKEN and echoes it in X-XSRF-TOKEN. Only
 * requests that carry the cookie are checked; API clients that send a bearer token and no
 * cookies are not exposed to cross-site requests and pass.
 */
export function registerXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    if (cookie === undefined) return;
    const header = request.headers[XSRF_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value || !sameToken(value, cookie)) throw new AppError('XSRF_MISMATCH');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.cookies[XSRF_COOKIE] === undefined) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    return payload;
  });
}
