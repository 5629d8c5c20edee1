/**
 * Zod 4 builds a faster object parser with `new Function`, after first checking whether it may. Our
 * Content-Security-Policy allows no eval, so the check is refused, and although zod catches that, Chromium
 * reports every refusal as a CSP issue (Lighthouse's best-practices audit counts it on /blog and
 * /companies). Zod takes its settings from this global when it first loads, and reads them as each schema is
 * built, so this must run before any schema module: main.tsx imports it first.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
