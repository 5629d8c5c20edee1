import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';

/**
 * Where every rate limit of the app counts: in this process (no REDIS_URL), or in Redis so that all
 * instances behind the load balancer share one budget per client. Made once per app by buildApp and
 * handed to every feature that registers @fastify/rate-limit, through rateLimitOptions().
 */
export interface RateLimitStore {
  /** The store class for one named limit. */
  storeFor(name: string): FastifyRateLimitStoreCtor;
  close(): Promise<void>;
}

/** The rate-limit options for one named limit (sign-in, activity…), counted where the app counts. */
export function rateLimitOptions(
  limits: RateLimitStore,
  name: string,
  options: RateLimitPluginOptions,
): RateLimitPluginOptions {
  return { ...options, store: limits.storeFor(name) };
}

/** A per-minute budget for each signed-in user (each address for a visitor), for a whole route scope. */
export function perUserPerMinute(limits: RateLimitStore, name: string, max: number): RateLimitPluginOptions {
  return rateLimitOptions(limits, name, {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
  });
}

export const inMemoryLimits: RateLimitStore = { storeFor: () => ProcessStore, close: async () => {} };

/** How long a start waits for Redis before serving with limits in memory (it keeps trying behind). */
const CONNECT_TIMEOUT_MS = 2000;

export async function createRateLimitStore(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  logger: FastifyBaseLogger,
): Promise<RateLimitStore> {
  if (!config.redisUrl) return inMemoryLimits;
  const redis = new Redis(config.redisUrl, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A dead Redis must cost a request nothing: fail the command at once instead of queueing or retrying
    // it, and give up on one that hangs; the memory store answers instead.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 1000,
  });
  const health = redisHealth(logger);
  // Without a listener ioredis prints every failed reconnect to the console.
  redis.on('error', (err: Error) => health.down(err));
  redis.on('ready', () => health.up());
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return {
    storeFor: (name) => fallbackStore(redis, `${config.redisKeyPrefix}${name}:`, health),
    close: async () => {
      redis.disconnect();
    },
  };
}

interface RedisHealth {
  down(err: Error): void;
  up(): void;
}

/** One warning when Redis goes away and one note when it is back, however many requests notice. */
function redisHealth(logger: FastifyBaseLogger): RedisHealth {
  let isDown = false;
  return {
    down(err) {
      if (isDown) return;
      isDown = true;
      logger.warn({ err }, 'Redis is unreachable: rate limits are counted in this process until it is back');
    },
    up() {
      if (!isDown) return;
      isDown = false;
      logger.info('Redis is back: rate limits are shared again');
    },
  };
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What @fastify/rate-limit hands child(): the merged limit options, and the route when there is one. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: unknown; url?: unknown };
};

const flag = (options: FastifyRateLimitOptions | ChildOptions, name: string) =>
  Reflect.get(options, name) === true;

/**
 * Counts in Redis; when Redis fails, in a local store instead, so the limit still holds on this instance
 * (@fastify/rate-limit's skipOnError would let every request through). Each request tries Redis first:
 * with the offline queue off that fails at once while it is away, and sharing resumes when it is back.
 */
function fallbackStore(redis: Redis, namespace: string, health: RedisHealth): FastifyRateLimitStoreCtor {
  const pair = (remote: FastifyRateLimitStore, local: FastifyRateLimitStore): FastifyRateLimitStore => ({
    incr(key, callback: Callback, timeWindow, max) {
      remote.incr(
        key,
        (err, result) => {
          if (err || !result) {
            health.down(err ?? new Error('Redis returned no count'));
            local.incr(key, callback, timeWindow, max);
            return;
          }
          health.up();
          callback(null, result);
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => pair(remoteChild(remote, routeOptions), local.child(routeOptions)),
  });
  /**
   * A route's own limit counts under its method and URL. A limiter made in code (createRateLimit) has no
   * route, and RedisStore would name it `undefinedundefined-`: its keys already say what they count.
   */
  const remoteChild = (remote: FastifyRateLimitStore, routeOptions: ChildOptions) => {
    const { method, url } = routeOptions.routeInfo ?? {};
    if (method !== undefined && url !== undefined) return remote.child(routeOptions);
    return new RedisStore(
      flag(routeOptions, 'continueExceeding'),
      flag(routeOptions, 'exponentialBackoff'),
      redis,
      namespace,
    );
  };
  return storeClass((options) =>
    pair(
      new RedisStore(
        flag(options, 'continueExceeding'),
        flag(options, 'exponentialBackoff'),
        redis,
        namespace,
      ),
      processCounts(options),
    ),
  );
}

/**
 * @fastify/rate-limit's LocalStore answers every request of a key with the one object it keeps counting
 * in, and the plugin reads it only after an await: a burst that arrives in one tick all read the burst's
 * last count, and every request of it is refused, the first as well. Each answer here is a copy, taken
 * when its request was counted.
 */
function snapshots(local: FastifyRateLimitStore): FastifyRateLimitStore {
  return {
    incr(key, callback: Callback, timeWindow, max) {
      local.incr(key, (err, result) => callback(err, result && { ...result }), timeWindow, max);
    },
    child: (routeOptions) => snapshots(local.child(routeOptions)),
  };
}

/** Counts in this process, each request's count its own (snapshots). */
const processCounts = (options: FastifyRateLimitOptions) =>
  snapshots(new LocalStore(flag(options, 'continueExceeding'), flag(options, 'exponentialBackoff')));

/** The class @fastify/rate-limit builds once per registration, over the counts made from its options. */
function storeClass(
  countsFor: (options: FastifyRateLimitOptions) => FastifyRateLimitStore,
): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    private readonly counts: FastifyRateLimitStore;
    constructor(options: FastifyRateLimitOptions) {
      this.counts = countsFor(options);
    }
    incr(...args: Parameters<FastifyRateLimitStore['incr']>) {
      this.counts.incr(...args);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return this.counts.child(routeOptions);
    }
  };
}

const ProcessStore = storeClass(processCounts);
