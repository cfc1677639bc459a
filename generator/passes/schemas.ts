import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { relativeImport, spaced, tsFileFromStructure, type GeneratedFile } from '../emit';
import type { Ir, IrResource } from '../ir';
import { typedSchemas } from '../types/schema-set';
import { typesPath } from './types';

export const schemasPath = (r: IrResource) => `generated/schemas/${r.name}.gen.ts`;
const SCHEMA_BUILDER = 'src/shared/schema-builder.ts';

/**
 * generated/schemas/<resource>.gen.ts: the zod schemas schema-builder derives from the model, under
 * stable names and typed with the generated types, for the server's validation and the forms' resolvers.
 * The schemas are built at run time from the model: one source of truth, nothing copied.
 */
function resourceSchemas(ir: Ir, r: IrResource): GeneratedFile {
  const path = schemasPath(r);
  const typed = typedSchemas(r).filter((t) => !t.typeOnly);
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'zod', namedImports: ['z'], isTypeOnly: true },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeImport(path, ir.model.modelModule), namedImports: ['resourceByName'] },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: relativeImport(path, SCHEMA_BUILDER),
      namedImports: ['schemasFor', { name: 'RecordObject', isTypeOnly: true }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: relativeImport(path, typesPath(r)),
      namedImports: typed.map((t) => t.typeName).sort(),
      isTypeOnly: true,
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'resource', initializer: `resourceByName('${r.name}')` }],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: 'schemas', initializer: 'schemasFor(resource)' }],
    },
    ...typed.map((t): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [t.doc],
      // The builder's schemas are typed loosely (they are built from data); the generated type is exact.
      // The record is an object schema contracts extend and pick from (RecordObject keeps its keys typed).
      declarations: [{
        name: t.constName,
        initializer: t.expression === 'schemas.record'
          ? `${t.expression} as unknown as RecordObject<${t.typeName}>`
          : `${t.expression} as unknown as z.ZodType<${t.typeName}, ${t.typeName}>`,
      }],
    })),
  ];
  return tsFileFromStructure(path, `${r.source} (resource '${r.name}')`, { statements: spaced(statements) });
}

/** Schemas pass: one module of zod schemas per resource. */
export function schemasPass(ir: Ir): GeneratedFile[] {
  return ir.resources.map((r) => resourceSchemas(ir, r));
}
