import type { FastifyInstance } from 'fastify';

/**
 * The JSON body parser of every route: Fastify's own (malformed JSON, `__proto__` and
 * `constructor.prototype` keys answer 400), except that an empty body sent with
 * `Content-Type: application/json` counts as no body. The spec's PUT calls with an "empty"
 * payload (`notification/{id}/read`, `authentication/admin/setLocale/{locale}`) are sent that way
 * by common HTTP clients; Fastify's default refuses them (FST_ERR_CTP_EMPTY_JSON_BODY). A route
 * that needs a body still answers 400 through its schema.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
