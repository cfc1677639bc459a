/**
 * npm run generate: model/ → generated/. `--check` writes nothing and exits 1 listing stale files
 * (CI runs it so generated/ never drifts from the model).
 */
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { loadProjectModel } from './model-input';
import { generate, readMigrationHistory, readSqlScripts } from './run';
import { syncFiles } from './writer';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const model = await loadProjectModel(root);
const { files } = await generate(model, readMigrationHistory(root), readSqlScripts(root));
const { changed, removed } = syncFiles(root, files, { check });

if (check) {
  if (changed.length || removed.length) {
    console.error('generated/ is stale; run `npm run generate`:');
    for (const p of changed) console.error(`  changed  ${p}`);
    for (const p of removed) console.error(`  removed  ${p}`);
    process.exit(1);
  }
  console.log(`generated/ is up to date (${files.length} files)`);
} else {
  for (const p of changed) console.log(`  wrote    ${p}`);
  for (const p of removed) console.log(`  deleted  ${p}`);
  console.log(`${files.length} generated files, ${changed.length} written, ${removed.length} deleted`);
}
