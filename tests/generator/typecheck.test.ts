import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../model/dsl';
import { generate } from '../../generator/run';
import { bins, fixtureModel, makers, RESOURCES } from './fixtures/model';

const root = resolve(import.meta.dirname, '../..');

/**
 * The project typecheck covers the real generated/; the fixture uses every field kind, so its output
 * is type-checked too: written into a scratch copy of the repository layout (the other folders
 * linked), with the project's compiler options.
 */
/**
 * Generates the fixture (or a changed one) into a scratch copy of the repository layout (the other
 * folders linked) with `extra` files beside it, and type-checks `include` with the project's
 * compiler options. Answers the compiler's lines about those folders.
 */
async function typecheck(resources: readonly ResourceDef[], include: string[], extra: Record<string, string> = {}): Promise<string[]> {
  const { files } = await generate(fixtureModel(resources), { migrations: [] });
  const dir = mkdtempSync(join(tmpdir(), 'gen-typecheck-'));
  for (const name of ['node_modules', 'model', 'generator', 'src', 'tests', 'e2e', 'playwright.config.ts', 'scripts']) symlinkSync(join(root, name), join(dir, name));
  for (const [path, content] of [...files.map((f) => [f.path, f.content] as const), ...Object.entries(extra)]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...config, include }));
  let output = '';
  try {
    // run inside the copy so reported paths start with the folders included
    execFileSync(join(root, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], { encoding: 'utf8', cwd: dir });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true }); // removes the links, not what they point at
  }
  // errors in files the fixture does not own (others' work in progress) do not count
  return output.split('\n').filter((l) => include.some((folder) => l.startsWith(`${folder}/`)));
}

/** A hand-written page of the fixture's makers: it reads the maker's country through the generated types. */
const PAGE = {
  'pages/MakerCountry.ts': [
    "import type { MakerRecord } from '../generated/types/makers.gen';",
    "import { makerRecordSchema } from '../generated/schemas/makers.gen';",
    'export const countryOf = (maker: MakerRecord): string | null | undefined => maker.country;',
    'export const parsedCountry = (value: unknown) => makerRecordSchema.parse(value).country;',
  ].join('\n'),
};

/** The fixture's makers without their country: the field, its list column and its form group. */
function makersWithoutCountry(): ResourceDef {
  const { country: _, ...fields } = makers.fields;
  return {
    ...makers,
    fields,
    list: { ...makers.list!, columns: makers.list!.columns.filter((c) => c !== 'country') },
    screens: { ...makers.screens!, groups: { ...makers.screens!.groups!, groups: { identity: makers.screens!.groups!.groups.identity! } } },
  };
}

/**
 * The project typecheck covers the real generated/; the fixture uses every field kind, so its output
 * is type-checked too, with the project's compiler options.
 */
describe('fixture output', () => {
  it('type-checks against react-admin, the contract and the support components', async () => {
    expect((await typecheck(RESOURCES, ['generated'])).join('\n')).toBe('');
  }, 120_000);

  it("a field removed from the model fails the typecheck of a page that reads it", async () => {
    expect((await typecheck(RESOURCES, ['generated', 'pages'], PAGE)).join('\n')).toBe('');
    const without = RESOURCES.map((r) => (r.name === 'makers' ? makersWithoutCountry() : r));
    const problems = await typecheck(without, ['generated', 'pages'], PAGE);
    expect(problems.filter((l) => l.startsWith('generated/'))).toEqual([]);
    expect(problems).toEqual([
      expect.stringMatching(/^pages\/MakerCountry\.ts\(3,.*Property 'country' does not exist on type 'MakerRecord'/),
      expect.stringMatching(/^pages\/MakerCountry\.ts\(4,.*Property 'country' does not exist/),
    ]);
  }, 240_000);
});

describe('fields named in code', () => {
  it("a resource's fields are known by name: naming one it does not have fails typecheck (a contract naming a removed field)", () => {
    // @ts-expect-error -- bins have no field `weight`; without the field names in the resource's type this line compiles and `npm test`'s typecheck fails on the unused directive
    const missing = bins.fields.weight;
    expect(missing).toBeUndefined();
    expect(bins.fields.capacity.kind).toBe('integer');
  });
});
