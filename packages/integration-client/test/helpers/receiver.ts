import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The exact body bytes, as UTF-8 text. */
  readonly body: string;
}

/** Answers a request: a status, headers and a body, or takes the raw response (to stall, cut, ...). */
export type Reply =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | ((res: ServerResponse, req: ReceivedRequest) => void);

export interface Receiver {
  readonly baseUrl: string;
  readonly port: number;
  readonly requests: ReceivedRequest[];
  /** How many TCP connections were opened to the receiver. */
  readonly connections: () => number;
  /** Replies to come, in order; when empty, `fallback` answers. */
  readonly replies: Reply[];
  fallback: Reply;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 (random port) standing in for the external system. */
export async function startReceiver(
  fallback: Reply = { status: 200, body: { status: 'ok' } },
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const replies: Reply[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const receiver = { fallback } as { fallback: Reply };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const reply = replies.shift() ?? receiver.fallback;
      if (typeof reply === 'function') {
        reply(res, request);
        return;
      }
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        ...(typeof reply.body === 'object' ? { 'content-type': 'application/json' } : {}),
        ...reply.headers,
      });
      res.end(text);
    });
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    replies,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** A port on 127.0.0.1 where nothing listens (it was just released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
