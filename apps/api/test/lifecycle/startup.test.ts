/**
 * What a person sees when the real server starts: a database that can't be reached is one line
 * they can act on (never the password, the stack only at LOG_LEVEL=debug) and exit 1, and so is a
 * port that is taken; in demo mode the banner is plain text in the pretty format, and its three
 * requests, run by a shell as printed, answer 200; in the JSON format the same requests are data in
 * the "ready" line, reading the token from $DEMO_TOKEN: no log line carries a secret.
 */
import { execFile } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process.js';

const run = promisify(execFile);
const hasCurl = await run('curl', ['--version']).then(
  () => true,
  () => false,
);

const UNREACHABLE = {
  MONGODB_URI: 'mongodb://registrar:s3cret-pass@127.0.0.1:1/registry',
  MONGODB_SERVER_SELECTION_TIMEOUT_MS: '300',
};

/** Runs a printed request with `sh -c` as printed (plus `-w` for the status) and returns status and body. */
async function asShell(
  command: string,
): Promise<{ status: number; body: { response: unknown[] | { results: unknown[] }; errors: unknown[] } }> {
  const { stdout } = await run('sh', ['-c', `${command} -w '\\n%{http_code}'`]);
  const lines = stdout.trimEnd().split('\n');
  const status = Number(lines.pop());
  return { status, body: JSON.parse(lines.join('\n')) };
}

/**
 * Every case here starts a real server process: a busy machine can take many times as long as a quiet
 * one to boot it, so the limit only catches a hang.
 */
const PROCESS = { timeout: 90_000 };

async function stop(server: ServerProcess): Promise<void> {
  server.signal('SIGTERM', 'server');
  expect((await server.exited).code).toBe(0);
}

describe('a database that cannot be reached', PROCESS, () => {
  it('is one line naming the hosts and database, the reason and what to check, then exit 1', async () => {
    const server = startServer('node', UNREACHABLE);
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    const [line] = lines as [string];
    expect(line).toMatch(/^Cannot connect to MongoDB at 127\.0\.0\.1:1 \(database "registry"\): /u);
    expect(line).toContain('ECONNREFUSED');
    expect(line).toContain('Check that mongod is running');
    expect(line).toContain('MONGODB_SERVER_SELECTION_TIMEOUT_MS (300 ms)');
    expect(line).toContain('LOG_LEVEL=debug');
    expect(`${server.stdout()}${server.stderr()}`).not.toMatch(/s3cret|registrar/u);
  });

  it("shows the driver's error with its stack at LOG_LEVEL=debug", async () => {
    const server = startServer('node', { ...UNREACHABLE, LOG_LEVEL: 'debug' });
    expect((await server.exited).code).toBe(1);
    expect(server.stderr()).toContain('MongoServerSelectionError');
    expect(server.stderr()).toMatch(/\n\s+at /u);
    expect(server.stderr()).not.toMatch(/s3cret/u);
  });
});

describe('a database host name that does not resolve', PROCESS, () => {
  // `.invalid` never resolves, with or without a network.
  it('of a mongodb+srv:// address is a failed DNS lookup of its SRV record, not a credentials problem', async () => {
    const server = startServer('node', { MONGODB_URI: 'mongodb+srv://nonexistent.invalid/x' });
    expect((await server.exited).code).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    const [line] = lines as [string];
    expect(line).toMatch(
      /^Cannot connect to MongoDB at mongodb\+srv:\/\/nonexistent\.invalid \(database "x"\): /u,
    );
    expect(line).toMatch(
      /The DNS lookup of the SRV record _mongodb\._tcp\.nonexistent\.invalid failed \([A-Z_]+\): check the host name in MONGODB_URI/u,
    );
    expect(line).not.toMatch(/credentials/u);
  });

  it('of a mongodb:// address is a failed DNS lookup of that host', async () => {
    const server = startServer('node', {
      MONGODB_URI: 'mongodb://nonexistent.invalid:27017/x',
      MONGODB_SERVER_SELECTION_TIMEOUT_MS: '3000',
    });
    expect((await server.exited).code).toBe(1);
    const line = server.stderr().trim();
    expect(line).toMatch(/^Cannot connect to MongoDB at nonexistent\.invalid:27017 \(database "x"\): /u);
    expect(line).toMatch(/The host name nonexistent\.invalid could not be looked up in DNS \([A-Z_]+\)/u);
    expect(line).not.toMatch(/credentials|mongod is running/u);
  });
});

describe('a port that is taken', PROCESS, () => {
  it('is one line naming the address and the setting to change, then exit 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const server = startServer('node', { PORT: String(port) });
      expect((await server.exited).code).toBe(1);
      expect(server.stderr().trim()).toBe(
        `Cannot listen on 127.0.0.1:${port}: another process is listening there (EADDRINUSE). Set PORT (or HOST) to a free address.`,
      );
    } finally {
      taken.close();
    }
  });
});

describe('the start-up banner in demo mode', PROCESS, () => {
  it.skipIf(!hasCurl)(
    'is plain text with pretty logs, and its three requests answer 200 when run by a shell',
    async () => {
      const server = startServer('node', { LOG_FORMAT: 'pretty' });
      try {
        await server.waitFor('the banner', () => server.stdout().includes('API docs: '));
        const out = server.stdout();
        expect(out).toMatch(/^database: in-process engine/mu);
        expect(out).toMatch(/^demo token \(full access\): demo_\S+$/mu);
        expect(out).toMatch(/^API docs: http:\/\/127\.0\.0\.1:\d+\/docs$/mu);
        // pino-pretty lines, not JSON.
        expect(out).toMatch(/INFO.*Server listening at/u);
        expect(out.split('\n').some((line) => line.startsWith('{'))).toBe(false);
        const requests = out
          .split('\n')
          .filter((line) => line.startsWith('  curl '))
          .map((line) => line.trim());
        expect(requests).toHaveLength(3);
        for (const command of requests) {
          const { status, body } = await asShell(command);
          expect(status, command).toBe(200);
          expect(body.errors).toEqual([]);
          const records = Array.isArray(body.response) ? body.response : body.response.results;
          expect(records.length, command).toBeGreaterThan(0);
        }
      } finally {
        await stop(server);
      }
    },
  );

  it.skipIf(!hasCurl)(
    'is a JSON "ready" line otherwise: its requests read $DEMO_TOKEN, and no log line holds the secret',
    async () => {
      const secret = 'my-demo-token-for-the-logs-01';
      const server = startServer('node', { DEMO_TOKEN: secret });
      try {
        await server.waitFor('"ready" log line', () =>
          server.logs().some((line) => line.msg?.startsWith('ready')),
        );
        const ready = server.logs().find((line) => line.msg?.startsWith('ready'));
        expect(ready).toMatchObject({ database: 'in-process', docs: expect.stringMatching(/\/docs$/u) });
        expect(ready?.demo_token).toMatch(/never logged/u);
        const requests = ready?.try as string[];
        expect(requests).toHaveLength(3);
        expect(requests.every((command) => command.includes('"Authorization: Bearer $DEMO_TOKEN"'))).toBe(
          true,
        );
        const { stdout } = await run('sh', ['-c', `${requests[2]} -o /dev/null -w '%{http_code}'`], {
          env: { ...process.env, DEMO_TOKEN: secret },
        });
        expect(stdout).toBe('200');
        expect(server.stdout()).not.toContain(secret);
        expect(server.stderr()).not.toContain(secret);
      } finally {
        await stop(server);
      }
    },
  );

  it('a generated demo token is not in the JSON logs either', async () => {
    const server = startServer('node');
    try {
      await server.waitFor('"ready" log line', () =>
        server.logs().some((line) => line.msg?.startsWith('ready')),
      );
      expect(server.stdout()).not.toMatch(/demo_[A-Za-z0-9_-]{24}/u);
    } finally {
      await stop(server);
    }
  });
});
