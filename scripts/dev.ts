/**
 * `npm run dev`: the development loop (docs/development.md). Two processes:
 * - the server under `tsx watch` on PORT (default 3000): it restarts when a file it imports changes
 *   (src/server, src/shared, generated/), and migrates and seeds its database as `npm start` does;
 * - Vite's dev server on VITE_PORT (default 5173): it serves the app from its sources with hot
 *   reload (no `vite build`) and forwards /api and /oidc to the server (vite.config.ts).
 * The browser talks to Vite's origin only, so the server is told that origin is its own
 * (PUBLIC_URL): the identity provider's issuer, its redirect URIs and the search host it hands out
 * are then on the page's origin. When one process ends the other is stopped; Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface DevPorts {
  /** The server's port (PORT). */
  server: number;
  /** Vite's port (VITE_PORT), the one the browser opens. */
  vite: number;
}

/** The ports from the environment: PORT and VITE_PORT, defaults 3000 and 5173. */
export function devPorts(env: NodeJS.ProcessEnv = process.env): DevPorts {
  const port = (name: string, fallback: number) => {
    const value = env[name] ? Number(env[name]) : fallback;
    if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number, got ${env[name]}`);
    return value;
  };
  return { server: port('PORT', 3000), vite: port('VITE_PORT', 5173) };
}

/** The environment of both processes: the ports, and the Vite origin as the server's public URL (unless PUBLIC_URL is set). */
export function devEnvironment(ports: DevPorts, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, PORT: String(ports.server), VITE_PORT: String(ports.vite), PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${ports.vite}` };
}

export interface DevLoop {
  ports: DevPorts;
  /** Resolves when both processes have ended, with the exit code of the one that ended first. */
  exited: Promise<number>;
  /** Stops both processes (SIGTERM: the server shuts down gracefully). */
  stop(): void;
}

/** Starts the server and Vite's dev server; `stdio` 'inherit' shows their output in this terminal. */
export function startDevLoop(options: { env?: NodeJS.ProcessEnv; stdio?: 'inherit' | 'ignore' } = {}): DevLoop {
  const env = options.env ?? process.env;
  const ports = devPorts(env);
  const childEnv = devEnvironment(ports, env);
  const require = createRequire(import.meta.url);
  const stdio = options.stdio ?? 'inherit';
  // Both resolved before either starts: a server left running alone would hold the database, and a
  // second one on the same PGlite directory corrupts it.
  const tsxCli = require.resolve('tsx/cli');
  const viteCli = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  // --clear-screen=false: a restart would otherwise wipe Vite's messages from the terminal.
  const server = spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'src/server/main.ts'], { env: childEnv, stdio });
  const vite = spawn(process.execPath, [viteCli, '--port', String(ports.vite), '--strictPort'], { env: childEnv, stdio });
  const children: ChildProcess[] = [server, vite];

  const kill = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  // The exit code: 0 when stopped by stop(), else the code of the process that ended first.
  let code: number | undefined;
  const stop = () => {
    code ??= 0;
    kill();
  };
  const exited = Promise.all(children.map((child) => new Promise<void>((resolve) => {
    child.once('exit', (exitCode, signal) => {
      // One ended on its own (a crash, a port in use): the other is of no use alone.
      if (code === undefined) console.error(`dev: ${child === server ? 'the server' : 'Vite'} ended (${signal ?? `exit code ${exitCode}`}); stopping the other`);
      code ??= exitCode || 1;
      kill();
      resolve();
    });
  }))).then(() => code ?? 0);
  // This process ending any other way (an error in it) must not leave the server behind.
  process.once('exit', kill);
  return { ports, exited, stop };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const loop = startDevLoop();
  console.log(`Development: open http://localhost:${loop.ports.vite}/ (Vite, hot reload; the server on port ${loop.ports.server} restarts on change)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => loop.stop());
  process.exitCode = await loop.exited;
}
