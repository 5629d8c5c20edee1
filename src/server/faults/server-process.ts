import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { projectRoot } from '../project-root.js';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The real server (src/server/main.ts under tsx) as its own process, as production runs it. */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it printed, for failure messages. */
  output(): string;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<Exit>;
  /** Ends it with SIGTERM (SIGKILL after 10 s); harmless when it has already gone. */
  stop(): Promise<Exit>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every process started here, so that a failing test still leaves none behind (see killAll). */
const started = new Set<ChildProcess>();

/** Spawns the server with `env` (DATA_DIR or DATABASE_URL among it) and resolves once /healthz answers. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${listenPort}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      RESUME_UPLOADS_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  // A spawn that fails (out of processes on a loaded machine) must fail this test, not crash the runner.
  child.once('error', (err) => (output += `\nspawn failed: ${err.message}\n`));
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal });
    }),
  );
  let gone: Exit | undefined;
  void exited.then((e) => (gone = e));
  const server: ServerProcess = {
    baseUrl,
    child,
    output: () => output,
    exited,
    async stop() {
      if (!gone) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
  for (let i = 0; ; i++) {
    if (gone) throw new Error(`the server exited at start (${JSON.stringify(gone)}):\n${output}`);
    const up = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    if (i > 600) {
      await server.stop();
      throw new Error(`the server did not answer /healthz within a minute:\n${output}`);
    }
    await sleep(100);
  }
}

/** SIGKILLs every server still running: for afterEach/afterAll, so a failed test leaves nothing behind. */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
