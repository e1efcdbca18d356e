import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A body is read only once its request is accepted, and a refused request's body is not read at
 * all. Every check that can refuse a request (draining, the rate limit, the caller, `type: API`,
 * the scope, an unknown route) runs in `onRequest`, before the content-type parser; so do 415 and
 * a `Content-Length` over `BODY_LIMIT` (413), found before the first byte is read. What remains
 * is what Node would do on its own:
 *
 * - `Expect: 100-continue`: Node answers `100 Continue` as soon as the headers arrive, asking the
 *   client to send a body that may be refused. With a `checkContinue` listener it leaves that to
 *   us: the request goes to Fastify as any other, and `100 Continue` is written when the parser
 *   starts reading the body — never for a request refused before.
 * - A reply to a request whose body was not read to the end carries `Connection: close`, and Node
 *   then closes the connection once the reply is written. Kept open, Node would read and discard
 *   the rest of the body (however large its `Content-Length`) to reach the next request.
 */
export const bodyGatePlugin = fp(
  async (app: FastifyInstance) => {
    app.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) =>
      app.routing(request, response),
    );
    app.addHook('preParsing', async (request, reply, payload) => {
      if (!expectsContinue(request.raw)) return payload;
      return new ContinueOnRead(payload, () => reply.raw.writeContinue());
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (hasBody(request.raw) && !request.raw.readableEnded) reply.header('Connection', 'close');
      return payload;
    });
  },
  { name: 'body-gate' },
);

/** Whether the client waits for `100 Continue` before it sends the body (HTTP/1.1 only, as Node). */
function expectsContinue(request: IncomingMessage): boolean {
  const expect = request.headers.expect;
  return (
    request.httpVersion === '1.1' && typeof expect === 'string' && expect.toLowerCase() === '100-continue'
  );
}

/** Whether the request announces a body (a non-zero `Content-Length`, or a `Transfer-Encoding`). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The body as read from `source`, calling `onFirstRead` once, just before the first byte is asked for. */
class ContinueOnRead extends Readable {
  readonly #source: Readable;
  #onFirstRead: (() => void) | undefined;

  constructor(source: Readable, onFirstRead: () => void) {
    super();
    this.#source = source;
    this.#onFirstRead = onFirstRead;
  }

  override _read(): void {
    const onFirstRead = this.#onFirstRead;
    if (onFirstRead) {
      this.#onFirstRead = undefined;
      onFirstRead();
      this.#source.on('data', (chunk: Buffer) => {
        if (!this.push(chunk)) this.#source.pause();
      });
      this.#source.once('end', () => this.push(null));
      this.#source.once('error', (error) => this.destroy(error));
    }
    this.#source.resume();
  }
}
