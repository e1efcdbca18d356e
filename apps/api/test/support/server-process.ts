/**
 * The real server as a child process, started the way a person or a process manager starts it:
 * `pnpm start` from the repository root, or `node apps/api/dist/server.js` (built once by the test
 * setup). Each child leads its own process group, as a terminal's foreground job does, so a test
 * can signal the group (Ctrl-C), the parent, or the server alone, and check that nothing is left.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

/** How long a child may take to reach a state: generous, the machine may be busy. */
const PATIENCE_MS = 60_000;

type LogLine = Record<string, unknown> & { msg?: string; pid?: number };

export interface ServerProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** The JSON log lines printed so far (other lines skipped). */
  logs(): LogLine[];
  /** Resolves when `test` holds for the output so far (rejects if the child exits first). */
  waitFor(what: string, test: () => boolean): Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to the child, its process group, or the server process (from its log's pid). */
  signal(signal: NodeJS.Signals, target: 'child' | 'group' | 'server'): void;
  /** Whether any process of the child's group is still alive. */
  groupAlive(): boolean;
}

export function startServer(how: 'pnpm start' | 'node', env: Record<string, string> = {}): ServerProcess {
  const base = { ...process.env };
  for (const name of [
    'API_TOKENS',
    'API_TOKENS_FILE',
    'LOG_FORMAT',
    'LOG_LEVEL',
    'NODE_ENV',
    'METRICS_PORT',
  ]) {
    delete base[name];
  }
  const [command, args] = how === 'node' ? [process.execPath, [SERVER]] : ['pnpm', ['start']];
  const child = spawn(command, args as string[], {
    cwd: ROOT,
    detached: true,
    env: { ...base, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    changed();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
    changed();
  });
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      ended = true;
      changed();
      resolve({ code, signal });
    });
  });
  const logs = () =>
    out.split('\n').flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
  const server: ServerProcess = {
    child,
    stdout: () => out,
    stderr: () => err,
    logs,
    exited,
    waitFor: (what, test) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`no ${what} within ${PATIENCE_MS} ms`)), PATIENCE_MS);
        const finish = (error?: Error) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(new Error(`${error.message}\nstdout:\n${out}\nstderr:\n${err}`));
          else resolve();
        };
        const check = () => {
          if (test()) finish();
          else if (ended) finish(new Error(`the server exited before ${what}`));
        };
        waiters.add(check);
        check();
      }),
    signal: (signal, target) => {
      if (target === 'child' || (target === 'server' && how === 'node')) child.kill(signal);
      else if (target === 'group') process.kill(-(child.pid as number), signal);
      else {
        const pid = logs().find((line) => typeof line.pid === 'number')?.pid;
        if (pid === undefined) throw new Error('the server has not logged its pid');
        process.kill(pid, signal);
      }
    },
    groupAlive: () => {
      try {
        process.kill(-(child.pid as number), 0);
        return true;
      } catch {
        return false;
      }
    },
  };
  return server;
}

/** The port from Fastify's "Server listening at http://127.0.0.1:PORT" line. */
export function listeningPort(server: ServerProcess): number | undefined {
  const line = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/u.exec(server.stdout());
  return line ? Number(line[1]) : undefined;
}
