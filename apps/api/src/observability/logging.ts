import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type DestinationStream, pino } from 'pino';
import { build as prettyStream } from 'pino-pretty';
import type { AppConfig } from '../config/app-config.js';

type LoggerConfig = Pick<AppConfig, 'logLevel' | 'logFormat' | 'logQueryValues'>;

/**
 * The service's logger: JSON lines for machines (the default off a terminal and in production), or
 * human-readable lines through pino-pretty. Pretty lines are written synchronously, in this thread,
 * so they stay in order with the plain-text banner printed after them. Request lines carry the URL
 * with its query values redacted unless `LOG_QUERY_VALUES` is on: a query names students and
 * their id cards, and logs are kept and read more widely than the database.
 */
export function createLogger(config: LoggerConfig, destination?: DestinationStream): FastifyBaseLogger {
  const options = {
    level: config.logLevel,
    serializers: { req: requestSerializer(config.logQueryValues) },
  };
  if (config.logFormat === 'json') return destination ? pino(options, destination) : pino(options);
  const stream = prettyStream({
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    ...(destination ? { destination } : {}),
  });
  return pino(options, stream);
}

/** What a request log line says of the request (Fastify's fields, the URL redacted). */
function requestSerializer(queryValues: boolean) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: queryValues ? request.url : redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
}

/**
 * The URL with every query value replaced by `[redacted]`, keys kept as sent:
 * `/api/students?user.id_card=0912&__per_page=2` → `/api/students?user.id_card=[redacted]&__per_page=[redacted]`.
 * Linear in the URL's length.
 */
export function redactQuery(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? pair : `${pair.slice(0, equals)}=[redacted]`;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}
