import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UserSessionSchema } from '@klik/api';

const THRESHOLD_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
// One setting for both paths: the plugin's answers and the kept ones (sendKeptJson).
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};
const COMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body),
};

/**
 * Answers of 1 KB or more are sent compressed to a client that accepts it (brotli, else gzip):
 * a customer's contract data is about 140 KB of JSON and 10 KB compressed, which on a phone's
 * line is the difference between a dashboard drawn at once and one waiting most of a second.
 * Brotli runs at quality 4: about 0.7 ms for that answer, a fraction of what
 * it saves in transfer. Only REST answers are compressed here: the built web files are compressed
 * once at build time (apps/web/build/precompress.ts), and one too small to gain goes as it is.
 *
 * An answer that carries a session token is never compressed: its length must not depend on
 * how much of a guessed token matches (the BREACH attack on compressed secrets). Request bodies
 * are not decompressed either: the body limit would then bound the compressed size only.
 * Must be registered before the routes it applies to.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const answers = route.schema?.response as Record<number, unknown> | undefined;
    const carriesSession = answers && Object.values(answers).includes(UserSessionSchema);
    if (!route.url.startsWith('/rest/') || carriesSession) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: [...ENCODINGS],
    brotliOptions: { params: BROTLI_PARAMS },
    threshold: THRESHOLD_BYTES,
  });
}

// Compressed forms of answers a service keeps and sends again as the same bytes, for as long as
// it keeps them: compressed once per change, on zlib's threads, not once per request.
const compressedForms = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

/**
 * Sends JSON the service has already written and keeps (the positions' answers, about 600 KB for
 * a dashboard of 20 contracts): compressed as the client accepts, from a copy made when those
 * bytes were first sent. Answers nothing else would compress pass as they are.
 */
export async function sendKeptJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    body.length >= THRESHOLD_BYTES && accepted ? negotiate(accepted, [...ENCODINGS]) : null;
  if (encoding === null) return reply.send(body);
  let forms = compressedForms.get(body);
  if (!forms) {
    forms = new Map();
    compressedForms.set(body, forms);
  }
  let compressed = forms.get(encoding);
  if (!compressed) {
    compressed = COMPRESS[encoding](body);
    forms.set(encoding, compressed);
  }
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(await compressed);
}
