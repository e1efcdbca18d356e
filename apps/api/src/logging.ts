import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { build as prettyStream } from 'pino-pretty';
import type { AppConfig } from './config.js';

/**
 * The service's logger: JSON lines for machines (the default off a terminal and in production), or
 * human-readable lines through pino-pretty. Pretty lines are written synchronously, in this thread,
 * so they stay in order with the plain-text banner printed after them.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): FastifyBaseLogger {
  if (config.logFormat === 'json') return pino({ level: config.logLevel });
  const stream = prettyStream({
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return pino({ level: config.logLevel }, stream);
}
