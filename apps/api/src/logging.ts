import type { AppConfig } from './config.js';

/**
 * Pino options for the configured format: JSON lines for machines (the default off a terminal and
 * in production), or human-readable lines through pino-pretty.
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): Record<string, unknown> {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
