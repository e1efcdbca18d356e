/**
 * One TCP connection to a listening app, written byte by byte as a test chooses, with everything the
 * server sends read back as HTTP/1.1 responses (interim `100 Continue` ones included). Nothing
 * waits on a clock: a test waits for a number of responses, or for the connection to close.
 */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export class RawConnection {
  readonly #socket: Socket;
  #received = Buffer.alloc(0);
  #isClosed = false;
  readonly #waiters = new Set<() => void>();
  /** Settles when the server has closed the connection (a FIN or a reset). */
  readonly closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.#received = Buffer.concat([this.#received, chunk]);
      this.#wake();
    });
    this.closed = new Promise((resolve) => {
      const close = () => {
        this.#isClosed = true;
        this.#wake();
        resolve();
      };
      socket.on('end', close);
      socket.on('close', close);
      // A reset (writing to a connection the server closed) is a close too.
      socket.on('error', close);
    });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes bytes; a write to a connection the server already closed is ignored. */
  write(data: string | Buffer): void {
    if (!this.#isClosed && this.#socket.writable) this.#socket.write(data);
  }

  /** Everything received so far, as text. */
  get text(): string {
    return this.#received.toString('latin1');
  }

  /** Every complete response received so far, interim ones included, in order. */
  responses(): RawResponse[] {
    return parseResponses(this.text);
  }

  /** Waits until `count` complete responses (interim ones included) arrived, or the connection closed. */
  async until(count: number): Promise<RawResponse[]> {
    while (this.responses().length < count && !this.#isClosed) {
      await new Promise<void>((resolve) => this.#waiters.add(resolve));
    }
    return this.responses();
  }

  destroy(): void {
    this.#socket.destroy();
  }

  #wake(): void {
    for (const waiter of this.#waiters) waiter();
    this.#waiters.clear();
  }
}

/** `METHOD path HTTP/1.1` with `headers`, and the blank line that ends them. */
export function requestHead(method: string, path: string, headers: Record<string, string>): string {
  const lines = Object.entries({ host: 'localhost', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let at = 0;
  for (;;) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) return responses;
    const [statusLine = '', ...lines] = text.slice(at, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    const length = status < 200 ? 0 : Number(headers['content-length'] ?? 0);
    if (text.length < end + 4 + length) return responses;
    responses.push({ status, headers, body: text.slice(end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
}
