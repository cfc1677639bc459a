import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Server settings, all from the environment so production differs by configuration only (DESIGN §2). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Origin the server is reachable at; the identity provider's issuer is `${publicUrl}/oidc`. */
  publicUrl: string;
  logLevel: LogLevel;
}

const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the configuration from an environment map (process.env in main, a literal in tests). */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const level = (env.LOG_LEVEL ?? 'info').toLowerCase() as LogLevel;
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got ${env.LOG_LEVEL}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: level,
  };
}
