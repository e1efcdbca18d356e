/**
 * The process's shutdown on SIGTERM or SIGINT, in an order that resets no request a client has
 * written: drain (every request is answered, new ones 503), keep the listener and idle keep-alive
 * connections open for the grace so that a client's next request still gets that answer, then close
 * the listeners and the app (requests and sync deliveries in flight finish, the database closes) and
 * exit. The whole of it is bounded by the shutdown timeout.
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
}

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

/** Drains and closes within the shutdown timeout, then exits the process: 0, or 1 past the timeout. */
export async function shutdown(
  app: FastifyInstance,
  others: readonly FastifyInstance[],
  plan: ShutdownPlan,
): Promise<never> {
  const timer = setTimeout(() => {
    app.log.error(`still closing after ${plan.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting anyway`);
    process.exit(1);
  }, plan.timeoutMs);
  timer.unref();
  await drainAndClose(app, others, plan);
  process.exit(0);
}

/** Whether any connection is open (assumed so when the count can't be had). */
function hasConnections(server: Server): Promise<boolean> {
  return new Promise((resolve) =>
    server.getConnections((error, count) => resolve(error !== null || count > 0)),
  );
}
