import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.js';

/**
 * The one logger of the process. It exists before the app so that the database, opened first, logs through
 * it too; buildApp hands it to Fastify.
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>): FastifyBaseLogger {
  if (config.env === 'development') {
    return pino({
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', singleLine: true, ignore: 'pid,hostname' },
      },
    });
  }
  return pino({ level: config.logLevel });
}
