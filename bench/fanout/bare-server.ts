// The floor of the fan-out bench, in a process of its own as the portal is: a plain HTTP server
// that takes the very body the portal's ingest takes and writes the portal's message shape to the
// websockets that must receive it, with nothing in between (no database, no bus, no session).
// Each client names its market products when it connects (?products=A,B).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

const receivers = new Map<WebSocket, Set<string>>();

const http = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      prices: { product: string }[];
    };
    const sentAt = performance.timeOrigin + performance.now();
    const product = body.prices[0]?.product ?? '';
    const bytes = Buffer.from(
      JSON.stringify({
        name: 'priceUpdate',
        json: JSON.stringify({ prices: body.prices, sentAt }),
      }),
    );
    for (const [socket, products] of receivers) {
      if (products.has(product)) socket.send(bytes, { binary: false });
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ accepted: body.prices.length }));
  });
});

const sockets = new WebSocketServer({ server: http, perMessageDeflate: false });
sockets.on('connection', (socket, request) => {
  const products = new URL(request.url ?? '/', 'http://bare').searchParams.get('products') ?? '';
  receivers.set(socket, new Set(products.split(',')));
  socket.on('close', () => receivers.delete(socket));
});

http.listen(0, '127.0.0.1', () => {
  process.send?.({ event: 'listening', port: (http.address() as AddressInfo).port });
});

process.on('disconnect', () => process.exit(0));
