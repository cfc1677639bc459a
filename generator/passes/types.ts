import { compile } from 'json-schema-to-typescript';
import { tsFileFromText, type GeneratedFile } from '../emit';
import type { Ir, IrResource } from '../ir';
import { simplify, toJsonSchema } from '../types/json-schema';
import { typedSchemas } from '../types/schema-set';
import { pascalCase } from '../naming';

export const typesPath = (r: IrResource) => `generated/types/${r.name}.gen.ts`;

/** TypeScript declarations of one resource: zod schema → z.toJSONSchema → json-schema-to-typescript. */
async function resourceTypes(r: IrResource): Promise<GeneratedFile> {
  const parts: string[] = [];
  for (const t of typedSchemas(r)) {
    const json = { ...(simplify(toJsonSchema(t.schema, t.io)) as object), description: t.doc };
    parts.push(await compile(json as never, t.typeName, { bannerComment: '', format: false, additionalProperties: false, unknownAny: true }));
  }
  return tsFileFromText(typesPath(r), `${r.source} (resource '${r.name}')`, parts.join('\n'));
}

/**
 * generated/types/actions.gen.ts: per resource and action, the types of its validated input and of
 * its answer (unknown while the model declares none), which type the hand-written action handlers.
 */
function actionTypes(ir: Ir): GeneratedFile {
  const imports: string[] = [];
  const entries: string[] = [];
  for (const r of ir.resources) {
    const actions = Object.entries(r.def.actions);
    if (!actions.length) continue;
    const names: string[] = [];
    const members = actions.map(([name, def]) => {
      const t = `${r.typeName}${pascalCase(name)}`;
      names.push(`${t}Input`, ...(def.query ? [`${t}QueryInput`] : []), ...(def.response ? [`${t}Response`] : []));
      return `    ${name}: { body: ${t}Input; query: ${def.query ? `${t}QueryInput` : 'Record<string, never>'}; response: ${def.response ? `${t}Response` : 'unknown'} };`;
    });
    imports.push(`import type { ${names.sort().join(', ')} } from './${r.name}.gen';`);
    entries.push(`  '${r.name}': {\n${members.join('\n')}\n  };`);
  }
  const text = `${imports.join('\n')}\n\n/** Input and answer types of every custom action, by resource and action name. */\nexport interface ActionTypes {\n${entries.join('\n')}\n}`;
  return tsFileFromText('generated/types/actions.gen.ts', `${ir.model.modelModule} (RESOURCES: actions)`, text);
}

/** Types pass: generated/types/<resource>.gen.ts for every resource and an index re-exporting them. */
export async function typesPass(ir: Ir): Promise<GeneratedFile[]> {
  const files = await Promise.all(ir.resources.map(resourceTypes));
  const index = [...ir.resources.map((r) => `export type * from './${r.name}.gen';`), `export type * from './actions.gen';`].join('\n');
  files.push(tsFileFromText('generated/types/index.gen.ts', `${ir.model.modelModule} (RESOURCES)`, index));
  files.push(actionTypes(ir));
  return files;
}
