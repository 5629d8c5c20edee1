const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/**
 * The log level for routes polled every few seconds (probes, scrapes): their requests are logged only when
 * they go wrong. At least 'warn', never louder than the app is configured to be: a route's level replaces
 * the app's, so plain 'warn' would make a LOG_LEVEL=silent app talk.
 */
export function quieterLevel(level: string): (typeof LEVELS)[number] {
  const index = LEVELS.findIndex((l) => l === level);
  return LEVELS[Math.max(index, LEVELS.indexOf('warn'))]!;
}
