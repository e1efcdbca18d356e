/**
 * Stopping the real server loses no request, however it is stopped: SIGTERM to `pnpm start`,
 * Ctrl-C (SIGINT to the whole process group) and SIGTERM to the server itself (`node` as a
 * container's PID 1). A burst of requests is in the server when the signal arrives; every one gets
 * an envelope reply, requests still arriving get 503 `UNAVAILABLE`, the process exits 0 without
 * error noise from pnpm, and no process is left behind.
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listeningPort, type ServerProcess, startServer } from '../support/server-process.js';

const TOKEN = 'shutdown-test-demo-token-0001';
const BURST = 120;
const LATE = 5;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { response: unknown; errors: { code: string }[] };
}

function get(port: number, agent: Agent, path: string, id: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        headers: { authorization: `Bearer ${TOKEN}`, type: 'API', 'x-request-id': id },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          try {
            resolve({ status: res.statusCode ?? 0, retryAfter, body: JSON.parse(text) });
          } catch {
            reject(new Error(`${id}: ${res.statusCode} with a body that is not JSON: ${text}`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A connection whose request has begun (headers not finished): it arrives once `finish()` is called. */
function beginRequest(port: number): Promise<{ finish(): void; answer: Promise<Answer> }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    const answer = new Promise<Answer>((done, fail) => {
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.on('error', fail);
      socket.on('end', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        try {
          done({
            status: Number(head.split(' ')[1]),
            retryAfter: /\r\nretry-after: *(\S+)/iu.exec(head)?.[1],
            body: JSON.parse(body),
          });
        } catch {
          fail(new Error(`a late request got no envelope: ${JSON.stringify(text)}`));
        }
      });
    });
    socket.once('connect', () => {
      socket.write(`GET /api/schools HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\ntype: API\r\n`);
      resolve({ finish: () => socket.write('\r\n'), answer });
    });
    socket.once('error', reject);
  });
}

function isEnvelope(answer: Answer): boolean {
  if (answer.status === 200) return answer.body.errors.length === 0 && answer.body.response !== null;
  return (
    answer.status === 503 &&
    answer.body.response === null &&
    answer.body.errors[0]?.code === 'UNAVAILABLE' &&
    answer.retryAfter !== undefined
  );
}

async function gone(server: ServerProcess): Promise<boolean> {
  // The group empties as the processes exit; bounded by the test timeout.
  while (server.groupAlive()) await new Promise((resolve) => setTimeout(resolve, 50));
  return true;
}

describe.each([
  { how: 'pnpm start', stop: 'SIGTERM to pnpm', signal: 'SIGTERM', target: 'child' },
  { how: 'pnpm start', stop: 'Ctrl-C (SIGINT to the process group)', signal: 'SIGINT', target: 'group' },
  { how: 'node', stop: 'SIGTERM to the server', signal: 'SIGTERM', target: 'server' },
] as const)('$how, stopped by $stop', ({ how, signal, target }) => {
  it('answers every request in the envelope, exits 0 and leaves no process', {
    timeout: 120_000,
  }, async () => {
    // The burst opens a connection per request, all from this one address.
    const server = startServer(how, { DEMO_TOKEN: TOKEN, MAX_CONNECTIONS_PER_ADDRESS: String(BURST + LATE) });
    try {
      await server.waitFor('"ready" log line', () =>
        server.logs().some((line) => line.msg?.startsWith('ready')),
      );
      const port = listeningPort(server) as number;
      expect(port).toBeGreaterThan(0);

      const late = await Promise.all(Array.from({ length: LATE }, () => beginRequest(port)));
      const agent = new Agent({ keepAlive: true });
      const burst = Array.from({ length: BURST }, (_, i) =>
        get(port, agent, '/api/students?__per_page=50&populate={"school":"name"}', `burst-${i}`),
      );
      // Signal once the server has received the whole burst: many requests are still in flight.
      await server.waitFor('the whole burst', () => {
        const received = new Set(
          server
            .logs()
            .filter((line) => line.msg === 'incoming request')
            .map((line) => line.reqId),
        );
        return Array.from({ length: BURST }, (_, i) => `burst-${i}`).every((id) => received.has(id));
      });
      server.signal(signal, target);
      await server.waitFor('"closing" log line', () =>
        server.logs().some((line) => line.msg?.startsWith('closing')),
      );
      for (const request of late) request.finish();

      const answers = await Promise.all([...burst, ...late.map((request) => request.answer)]);
      agent.destroy();
      expect(answers.filter((answer) => !isEnvelope(answer))).toEqual([]);
      expect(answers).toHaveLength(BURST + LATE);

      const { code } = await server.exited;
      expect(code).toBe(0);
      expect(server.logs().some((line) => line.msg === 'closed')).toBe(true);
      expect(`${server.stdout()}${server.stderr()}`).not.toMatch(/ELIFECYCLE|ERR_PNPM|Error/u);
      expect(await gone(server)).toBe(true);
    } finally {
      if (server.groupAlive()) process.kill(-(server.child.pid as number), 'SIGKILL');
    }
  });
});
