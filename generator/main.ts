/**
 * npm run generate: model/ → generated/. `--check` writes nothing and exits 1 showing a diff of each
 * stale file (CI runs it so generated/ never drifts from the model). A destructive model change the
 * model does not declare (generator/db/diff.ts) fails with what to declare.
 */
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { DestructiveChangeError } from './db/diff';
import { loadProjectModel } from './model-input';
import { generate, readMigrationHistory, readSqlScripts } from './run';
import { staleDiffs, syncFiles } from './writer';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const model = await loadProjectModel(root);
const { files } = await generate(model, readMigrationHistory(root), readSqlScripts(root)).catch((err: unknown) => {
  if (!(err instanceof DestructiveChangeError)) throw err;
  console.error(err.message);
  process.exit(1);
});
const result = syncFiles(root, files, { check });
const { changed, removed } = result;

if (check) {
  if (changed.length || removed.length) {
    console.error('generated/ is stale; run `npm run generate`:');
    for (const p of changed) console.error(`  changed  ${p}`);
    for (const p of removed) console.error(`  removed  ${p}`);
    console.error('');
    for (const d of staleDiffs(root, files, result)) console.error(`${d}\n`);
    process.exit(1);
  }
  console.log(`generated/ is up to date (${files.length} files)`);
} else {
  for (const p of changed) console.log(`  wrote    ${p}`);
  for (const p of removed) console.log(`  deleted  ${p}`);
  console.log(`${files.length} generated files, ${changed.length} written, ${removed.length} deleted`);
}
