export const root: string;
/** The compiled server's entry point. */
export const serverEntry: string;
/** The Node flags `npm start` runs the server with. */
export const serverNodeFlags: readonly string[];
/** `node` arguments that run the built server as `npm start` does. */
export const serverArgs: readonly string[];
/** Builds the app when dist/ is missing, stale or not a production build. */
export function ensureBuild(): Promise<void>;
