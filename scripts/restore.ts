/**
 * `npm run restore <archive>`: brings an archive of `npm run backup` back into DATA_DIR, which must
 * be empty or missing (src/server/ops/backup.ts; docs/operations.md, Backups).
 */
import { loadConfig } from '../src/server/config';
import { BackupError, restore } from '../src/server/ops/backup';

const config = loadConfig(process.env);
const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore <archive> (into DATA_DIR, which must be empty)');
  process.exit(2);
}
try {
  const manifest = await restore(config, archive);
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.dataDir}: the database and ${manifest.entries.join(', ') || 'no other files'}.`);
  if (!manifest.oidcKeyFile) {
    console.log('The backup\'s identity provider keys are encrypted with OIDC_KEY_ENCRYPTION_KEY: start the server with the same key, or sign-ins end.');
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
}
