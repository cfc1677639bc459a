// The thread that reads uploaded spreadsheets of articles (sheet-worker.ts), started by
// sheet-off-thread.ts. The server runs its TypeScript through tsx (npm start, npm run dev) and the
// tests through vitest; a worker thread inherits neither, so it loads its module through tsx itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./sheet-worker.ts', import.meta.url);
