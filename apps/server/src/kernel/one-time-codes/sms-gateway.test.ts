import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DevSmsGateway, HttpSmsGateway, maskNumber } from './sms-gateway';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A stand-in for the provider: records each request and answers with the given status. */
async function provider(status: number) {
  const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body) });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/sms`, received };
}

describe('SMS gateways', () => {
  it('the HTTP gateway posts the number and text with the key as bearer token', async () => {
    const { url, received } = await provider(202);
    await new HttpSmsGateway(url, 'secret-key').send('+31612345678', 'code 123456');
    expect(received).toEqual([
      {
        headers: expect.objectContaining({
          authorization: 'Bearer secret-key',
          'content-type': 'application/json',
        }),
        body: { to: '+31612345678', text: 'code 123456' },
      },
    ]);
  });

  it('the HTTP gateway fails when the provider refuses', async () => {
    const { url } = await provider(500);
    await expect(new HttpSmsGateway(url, null).send('+31600000000', 'x')).rejects.toThrow(
      'SMS gateway answered 500',
    );
  });

  it('the development gateway logs and keeps what it would have sent', async () => {
    const logged: object[] = [];
    const gateway = new DevSmsGateway({ info: (details) => logged.push(details) });
    await gateway.send('+31611111111', 'code 654321');
    expect(logged).toEqual([{ to: '+31611111111', text: 'code 654321' }]);
    expect(gateway.outbox().map((sms) => sms.text)).toEqual(['code 654321']);
  });

  it('masks all but the last three digits', () => {
    expect(maskNumber('+31 6 1234 5678')).toBe('*********678');
  });
});
