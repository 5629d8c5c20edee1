export const root: string;
/** The compiled server's entry point. */
export const serverEntry: string;
/** Builds the app when dist/ is missing, stale or not a production build. */
export function ensureBuild(): Promise<void>;
