import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccessRule, HttpMethod, MenusDef, PageDef, ResourceDef, Translations } from '../model/dsl';

/** Everything the passes read from a model: the real one (model/) or a test fixture. */
export interface ModelInput {
  readonly resources: readonly ResourceDef[];
  /** Resource name → repository-relative file that declares it (named in banners). */
  readonly sources: Readonly<Record<string, string>>;
  /** Repository-relative module exporting `resourceByName` (generated schemas import it). */
  readonly modelModule: string;
  readonly errors: Readonly<Record<string, { readonly message: Translations }>>;
  readonly validationMessages: Readonly<Record<string, Translations>>;
  /** The errors and resources whose texts the light pages need (base tier); the rest go with the labels (admin tier). Absent: all in the base tier. */
  readonly lightMessages?: { readonly errors: readonly string[]; readonly failures: readonly string[] };
  readonly adminPageSize: number;
  /** The page catalogue and the menus (model/catalogue/pages.ts, menus.ts). */
  readonly pages: readonly PageDef[];
  readonly menus: MenusDef;
  /** Repository-relative files declaring pages and menus (named in banners). */
  readonly pagesSource: string;
  /** Tables of resources removed on purpose, table → why: only these may be dropped (generator/db/diff.ts). */
  readonly removedTables?: Readonly<Record<string, string>>;
  /** The custom actions' contracts (src/shared/contracts), as data: the app's calls are written from them. */
  readonly contracts?: readonly CallData[];
  /** Repository-relative module exporting the `Contracts` type the calls are typed by. */
  readonly contractsModule?: string;
}

/** A contract's route and access, without its schemas. */
export interface CallData {
  readonly resource: string;
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: AccessRule;
  /** A POST that only reads (ContractInput.read): its hook is a query. */
  readonly read?: true;
}

/**
 * Finds the file declaring each resource by its `resource('<name>'` call, so banners can point a
 * reader at the one definition a generated file comes from.
 */
export function findResourceSources(root: string, dir: string, names: readonly string[], fallback: string): Record<string, string> {
  const files = readdirSync(join(root, dir)).filter((f) => f.endsWith('.ts')).sort();
  const texts = files.map((f) => ({ path: `${dir}/${f}`, text: readFileSync(join(root, dir, f), 'utf8') }));
  return Object.fromEntries(
    names.map((name) => {
      const hit = texts.find((t) => t.text.includes(`resource('${name}'`) || t.text.includes(`resource("${name}"`));
      return [name, hit?.path ?? fallback];
    }),
  );
}

/** The product's model as the passes see it. */
export async function loadProjectModel(root: string): Promise<ModelInput> {
  const model = await import('../model/index');
  // The contracts build their schemas from the model and from generated/schemas (written by an earlier run).
  const { CONTRACTS } = await import('../src/shared/contracts/index');
  const names = model.RESOURCES.map((r) => r.name);
  return {
    resources: model.RESOURCES,
    sources: findResourceSources(root, 'model/resources', names, 'model/index.ts'),
    modelModule: 'model/index.ts',
    errors: model.ERRORS,
    validationMessages: model.VALIDATION_MESSAGES,
    lightMessages: model.LIGHT_PAGE_MESSAGES,
    adminPageSize: model.CONSTANTS.adminPageSize,
    pages: model.PAGES,
    menus: model.MENUS,
    pagesSource: 'model/catalogue/pages.ts, model/catalogue/menus.ts',
    removedTables: model.REMOVED_TABLES,
    contracts: Object.values(CONTRACTS).flatMap((set) => Object.values(set).map(({ resource, name, method, path, access, read }) => ({ resource, name, method, path, access, ...(read ? { read } : {}) }))),
    contractsModule: 'src/shared/contracts/index.ts',
  };
}
