import type { Translations } from './i18n';

/**
 * Field kinds: the names the model uses. What each kind is (validation, column type, sort and filter,
 * admin input and display, example value) is declared once, in src/shared/field-kinds.ts.
 */
export type FieldKind =
  | 'text' // single line
  | 'textarea' // multi-line
  | 'integer'
  | 'number'
  | 'money' // decimal string with up to 2 decimals, numeric(14,2) column, never a float
  | 'boolean'
  | 'date' // yyyy-MM-dd
  | 'datetime' // ISO 8601 timestamp
  | 'enum'
  | 'reference' // id of a row of another resource (same tenant)
  | 'translated' // { nl, en, fr }
  | 'email'
  | 'vatNumber' // EU VAT number: two-letter country prefix and 2 to 13 characters
  | 'phone'
  | 'barcodeTag' // a scanned tag: 6 to 25 printable characters (core: warehouse instances)
  | 'url'
  | 'attachment' // { containerName, blobName, fileName, contentType, size }
  | 'list' // nested list of objects (or of scalars)
  | 'object' // nested object
  | 'stringList'; // list of strings (text[] column)

export interface FieldDef {
  readonly kind: FieldKind;
  readonly label: Translations;
  readonly required: boolean;
  /** Value used when the client leaves the field out on create. */
  readonly default?: unknown;
  /** Length bounds for texts, value bounds for numbers and money. */
  readonly min?: number;
  readonly max?: number;
  /** enum: the allowed values (stored and sent as is); labels per value for the screens. */
  readonly values?: readonly string[];
  readonly valueLabels?: Readonly<Record<string, Translations>>;
  /** reference: the target resource name and the field shown for it. */
  readonly target?: string;
  /** list/object: the nested fields. */
  readonly fields?: Readonly<Record<string, FieldDef>>;
  /** Set by the server only (timestamps, derived values): never accepted in a request body. */
  readonly readOnly?: boolean;
  /** Accepted on create only; ignored (kept) on update. */
  readonly createOnly?: boolean;
  /** Hidden from generated screens (still in the API). */
  readonly hidden?: boolean;
  /** Unique within the tenant (and the customer, for customer-owned resources). */
  readonly unique?: boolean;
  /** A value the generated e2e test and the fixtures may type for this field. */
  readonly example?: unknown;
  /** Free help text under the input. */
  readonly help?: Translations;
  /** url: a path on this server ('/api/…', as the shop's own images) is accepted besides an http(s) address. */
  readonly orPath?: boolean;
  /** The field's former name: the migration renames the column, keeping its data (docs/extending.md, "Changing or removing a field"). */
  readonly renamedFrom?: string;
  /** Why a column type change that may lose or reject data is wanted (the generator refuses it otherwise). */
  readonly retyped?: string;
  /**
   * The spec's name for this value where it differs from the field's: answers carry the value under
   * that name too ('orderStatus' beside 'status'; a dotted path nests it, 'supplierArticle.id' as
   * {supplierArticle: {id}}, null when the value is). Records only: never read from a body.
   */
  readonly alsoAnsweredAs?: string;
}

/** Fluent, immutable builder: every call returns a new field definition. */
export class Field<D extends FieldDef = FieldDef> {
  constructor(readonly def: D) {}
  private with(patch: Partial<FieldDef>): Field {
    return new Field({ ...this.def, ...patch });
  }
  required(): Field { return this.with({ required: true }); }
  default(value: unknown): Field { return this.with({ default: value }); }
  min(n: number): Field { return this.with({ min: n }); }
  max(n: number): Field { return this.with({ max: n }); }
  readOnly(): Field { return this.with({ readOnly: true }); }
  createOnly(): Field { return this.with({ createOnly: true }); }
  hidden(): Field { return this.with({ hidden: true }); }
  unique(): Field { return this.with({ unique: true }); }
  example(value: unknown): Field { return this.with({ example: value }); }
  help(text: Translations): Field { return this.with({ help: text }); }
  /** url fields: also accept a path on this server ('/…'). */
  orPath(): Field { return this.with({ orPath: true }); }
  /** Declares a rename: the migration renames column `old` instead of dropping it with its data. */
  renamedFrom(old: string): Field { return this.with({ renamedFrom: old }); }
  /** Answers the value under the spec's name too (see FieldDef.alsoAnsweredAs). */
  alsoAnsweredAs(path: string): Field { return this.with({ alsoAnsweredAs: path }); }
  /** Allows a lossy column type change (e.g. text → integer), giving the reason. */
  retyped(reason: string): Field { return this.with({ retyped: reason }); }
}

function make(kind: FieldKind, label: Translations, extra: Partial<FieldDef> = {}): Field {
  return new Field({ kind, label, required: false, ...extra });
}

/** Field kinds, each taking its label in nl/en/fr (see t()). */
export const field = {
  text: (label: Translations) => make('text', label),
  textarea: (label: Translations) => make('textarea', label),
  integer: (label: Translations) => make('integer', label),
  number: (label: Translations) => make('number', label),
  money: (label: Translations) => make('money', label, { min: 0 }),
  boolean: (label: Translations) => make('boolean', label, { default: false }),
  date: (label: Translations) => make('date', label),
  datetime: (label: Translations) => make('datetime', label),
  enum: <V extends string>(label: Translations, values: Readonly<Record<V, Translations>>) =>
    make('enum', label, { values: Object.keys(values), valueLabels: values }),
  reference: (label: Translations, target: string) => make('reference', label, { target }),
  translated: (label: Translations) => make('translated', label),
  email: (label: Translations) => make('email', label, { max: 254 }),
  vatNumber: (label: Translations) => make('vatNumber', label),
  phone: (label: Translations) => make('phone', label, { max: 32 }),
  barcodeTag: (label: Translations) => make('barcodeTag', label, { min: 6, max: 25 }),
  url: (label: Translations) => make('url', label, { max: 2048 }),
  attachment: (label: Translations) => make('attachment', label),
  list: (label: Translations, fields: Record<string, Field>) =>
    make('list', label, { fields: unwrapFields(fields), default: [] }),
  object: (label: Translations, fields: Record<string, Field>) => make('object', label, { fields: unwrapFields(fields) }),
  stringList: (label: Translations) => make('stringList', label, { default: [] }),
};

export function unwrapFields(fields: Record<string, Field>): Record<string, FieldDef> {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.def]));
}
