import type { z } from 'zod';
import { schemasFor } from '../../src/shared/schema-builder';
import type { IrResource } from '../ir';

/** One generated type: its name, the zod schema it comes from and which side of the schema it describes. */
export interface TypedSchema {
  readonly typeName: string;
  /** Name of the exported schema constant in generated/schemas/<resource>.gen.ts. */
  readonly constName: string;
  /** Expression on the schemas object of the generated module that yields the schema. */
  readonly expression: string;
  readonly schema: z.ZodType;
  readonly io: 'input' | 'output';
  readonly doc: string;
  /** Only a type (no schema constant of its own): the parsed side of a schema exported under another name. */
  readonly typeOnly?: boolean;
}

const lowerFirst = (s: string) => s[0]!.toLowerCase() + s.slice(1);

/**
 * The schemas of a resource as shared/schema-builder builds them, each with the TypeScript type
 * generated for it. Request bodies are typed by what a client may send (input side); records by
 * what the server answers (output side).
 */
export function typedSchemas(r: IrResource): TypedSchema[] {
  const s = schemasFor(r.def);
  const t = r.typeName;
  const entry = (suffix: string, expression: string, schema: z.ZodType, io: 'input' | 'output', doc: string): TypedSchema => ({
    typeName: `${t}${suffix}`, constName: `${lowerFirst(t)}${suffix.replace(/Dto$/, '')}Schema`, expression, schema, io, doc,
  });
  const list: TypedSchema[] = [
    entry('Record', 'schemas.record', s.record, 'output', 'A record as the API answers it.'),
    entry('CreateDto', 'schemas.create', s.create, 'input', 'The body of a create call, and the values of the Create form.'),
    entry('UpdateDto', 'schemas.update', s.update, 'input', 'The body of an update call, and the values of the Edit form.'),
    entry('Filters', 'schemas.filters', s.filters, 'input', 'The filters of a list call (query parameters or properties of {query}).'),
    entry('ListParams', 'schemas.list', s.list, 'input', 'Paging and sorting of a list call.'),
  ];
  return list;
}
