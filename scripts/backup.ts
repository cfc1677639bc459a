/**
 * `npm run backup [archive]`: one archive of the embedded setup's DATA_DIR (database, files, the
 * identity provider's key file), taken while the server is stopped (src/server/ops/backup.ts;
 * docs/operations.md, Backups). Default archive: backups/shop-<UTC time>.tar.gz.
 */
import fs from 'node:fs/promises';
import { loadConfig } from '../src/server/config';
import { backup, BackupError, defaultArchivePath } from '../src/server/ops/backup';

const config = loadConfig(process.env);
const archive = process.argv[2] ?? defaultArchivePath();
try {
  const manifest = await backup(config, archive);
  const { size } = await fs.stat(archive);
  console.log(`Backed up ${config.dataDir} to ${archive} (${(size / 1024 / 1024).toFixed(1)} MB): the database and ${manifest.entries.join(', ') || 'no other files'}.`);
  if (!manifest.oidcKeyFile) {
    console.log('The identity provider\'s keys are encrypted with OIDC_KEY_ENCRYPTION_KEY, which is not in the archive: keep it with the backup (a restore needs it to keep sign-ins working).');
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
}
