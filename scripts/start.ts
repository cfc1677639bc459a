/** `npm start`: builds the app when it is not built yet, then runs the server (migrate, seed once, serve). */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

if (!existsSync('dist/app/index.html')) {
  console.log('Building the app (first start)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
await import('../src/server/main');
