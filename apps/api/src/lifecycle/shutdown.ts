/**
 * The process's shutdown on SIGTERM or SIGINT, in an order that resets no request a client has
 * written: drain (every request is answered, new ones 503), keep the listener and idle keep-alive
 * connections open for the grace so that a client's next request still gets that answer, then close
 * the listeners and the app (requests and sync deliveries in flight finish, the database closes) and
 * exit. The whole of it is bounded by the shutdown timeout; no slow client holds it past that: at
 * the timeout, connections still sending a request are closed, and only a request received whole and
 * still unanswered makes the exit a failure.
 */
import type { Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

export interface DrainPlan {
  readonly signal: NodeJS.Signals;
  /** SHUTDOWN_GRACE_MS */
  readonly graceMs: number;
  /** Waits out the grace (tests pass one they control). @default a timer */
  readonly wait?: (ms: number) => Promise<unknown>;
}

export interface ShutdownPlan extends DrainPlan {
  /** SHUTDOWN_TIMEOUT_MS: from the signal to the exit, grace included. */
  readonly timeoutMs: number;
  /** Waits out the timeout (tests pass one they control). @default a timer that keeps no process alive */
  readonly expire?: (ms: number) => Promise<unknown>;
  /** Ends the process (tests pass one that records the code). @default process.exit */
  readonly exit?: (code: number) => void;
}

/**
 * Once the connections still sending were closed at the timeout, how long the rest of the close —
 * the sync worker's delivery in flight, the database — may take before the process exits 1.
 */
export const AFTER_TIMEOUT_MS = 5_000;

/** Drains the app, waits out the grace, then closes it and its other listeners (the metrics one). */
export async function drainAndClose(
  app: FastifyInstance,
  others: readonly FastifyInstance[],
  { signal, graceMs, wait = sleep }: DrainPlan,
): Promise<void> {
  app.startDraining();
  // With no connection open nothing is on its way: no reason to wait.
  const grace = (await hasConnections(app.server)) ? graceMs : 0;
  app.log.info(
    { signal, grace_ms: grace },
    `closing: answering new requests 503 for ${grace} ms (SHUTDOWN_GRACE_MS), then finishing the requests and sync deliveries in flight`,
  );
  // Closing the listener now would close every idle keep-alive connection at once, under a request
  // its client may be writing. A client told `Keep-Alive: timeout` stops using an idle connection
  // within that time, and every reply from now on says `Connection: close`.
  if (grace > 0) await wait(grace);
  await Promise.all([app, ...others].map((server) => server.close()));
  app.log.info('closed');
}

/**
 * Drains and closes within the shutdown timeout, then exits the process: 0 when every request
 * received was answered, 1 when one was not or the close itself is stuck.
 */
export async function shutdown(
  app: FastifyInstance,
  others: readonly FastifyInstance[],
  plan: ShutdownPlan,
): Promise<void> {
  const {
    timeoutMs,
    expire = (ms: number) => sleep(ms, undefined, { ref: false }),
    exit = process.exit,
  } = plan;
  let closed = false;
  void expire(timeoutMs).then(() => {
    if (!closed) atTimeout(app, others, { timeoutMs, expire, exit, closed: () => closed });
  });
  await drainAndClose(app, others, plan);
  closed = true;
  exit(0);
}

/**
 * The timeout came with the close unfinished. A request received whole and unanswered fails the
 * shutdown; connections only still sending theirs (a slow or stalled client) are closed and the
 * close goes on.
 */
function atTimeout(
  app: FastifyInstance,
  others: readonly FastifyInstance[],
  {
    timeoutMs,
    expire,
    exit,
    closed,
  }: Required<Pick<ShutdownPlan, 'timeoutMs' | 'expire' | 'exit'>> & { closed: () => boolean },
): void {
  const unanswered = app.connections.unanswered();
  const sending = app.connections.open();
  if (unanswered > 0 || sending === 0) {
    const what =
      unanswered > 0 ? `${unanswered} requests unanswered` : 'the sync worker or database still closing';
    app.log.error(`still closing after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS), ${what}; exiting anyway`);
    exit(1);
    return;
  }
  app.log.warn(
    { connections: sending },
    `closing ${sending} connections still sending a request after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS)`,
  );
  for (const server of [app, ...others]) server.server.closeAllConnections();
  void expire(AFTER_TIMEOUT_MS).then(() => {
    if (closed()) return;
    app.log.error(
      `the sync worker or database still closing ${AFTER_TIMEOUT_MS} ms after that; exiting anyway`,
    );
    exit(1);
  });
}

/** Whether any connection is open (assumed so when the count can't be had). */
function hasConnections(server: Server): Promise<boolean> {
  return new Promise((resolve) =>
    server.getConnections((error, count) => resolve(error !== null || count > 0)),
  );
}
