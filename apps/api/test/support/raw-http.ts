/**
 * HTTP over a socket, read by hand: the answers a connection received (several when it carried
 * more than one), and a request on a connection of its own that closes after the answer, so that
 * no client pool keeps a connection the server would count.
 */
import { request } from 'node:http';

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The answers in what a connection received, each read by its Content-Length. */
export function parseReplies(text: string): RawReply[] {
  const replies: RawReply[] = [];
  let rest = text;
  // Each pass takes one whole answer off the text, so there are at most as many passes as bytes.
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(rest)}`);
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length']);
    const bodyBytes = Buffer.from(rest.slice(end + 4));
    const body = bodyBytes.subarray(0, length).toString('utf8');
    replies.push({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    rest = bodyBytes.subarray(length).toString('utf8');
  }
  return replies;
}

/** A GET on a connection of its own (`Connection: close`), with `type: API`. */
export function getClosing(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent: false, headers: { type: 'API', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: JSON.parse(text),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
