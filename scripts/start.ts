/**
 * `npm start`: builds the app when it is not built yet or a file it is built from (the model,
 * generated/, the app's sources) is newer than the build (scripts/app-build.ts), then runs the
 * server (migrate, seed once, serve).
 */
import { execSync } from 'node:child_process';
import { APP_SOURCES, builtAt, rebuildReason, sourceFiles, stampBuild } from './app-build';

const reason = rebuildReason(builtAt(), sourceFiles(APP_SOURCES));
if (reason) {
  console.log(`Building the app: ${reason}…`);
  const startedAt = new Date();
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  stampBuild(startedAt);
}
await import('../src/server/main');
