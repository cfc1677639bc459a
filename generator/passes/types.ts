import { compile } from 'json-schema-to-typescript';
import { tsFileFromText, type GeneratedFile } from '../emit';
import type { Ir, IrResource } from '../ir';
import { simplify, toJsonSchema } from '../types/json-schema';
import { typedSchemas } from '../types/schema-set';

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

/** Types pass: generated/types/<resource>.gen.ts for every resource and an index re-exporting them. */
export async function typesPass(ir: Ir): Promise<GeneratedFile[]> {
  const files = await Promise.all(ir.resources.map(resourceTypes));
  const index = ir.resources.map((r) => `export type * from './${r.name}.gen';`).join('\n');
  files.push(tsFileFromText('generated/types/index.gen.ts', `${ir.model.modelModule} (RESOURCES)`, index));
  return files;
}
