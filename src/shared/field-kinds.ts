import { z } from 'zod';
import { safeString } from './safe-text';
import type { FieldDef, FieldKind } from '../../model/dsl/field';
import type { ValidationRule } from '../../model/catalogue/errors';

/**
 * Every field kind, declared once with what each layer needs: its zod schema (server validation and
 * form resolvers), column type (migrations), how a row's value becomes the record's, how lists sort
 * and filter it, the react-admin input and display the generator emits, and the example value the
 * generated tests send. The model names kinds (model/dsl/field.ts); everything else reads them here.
 * Only zod is imported, so the app's bundle may include this file.
 */

/** A react-admin component the generator emits for a field, with props added to its base props. */
export interface Widget {
  readonly component: string;
  readonly props?: (f: FieldDef) => Record<string, unknown>;
}

/**
 * A widget whose structure comes from the field's own data, built by the generator: `choices` (an
 * enum's values), `reference` (the target resource), `items` (a list's fields), `members` (an
 * object's fields, shown and edited as fields of their own).
 */
export interface Structural { readonly structural: 'choices' | 'reference' | 'items' | 'members' }

/** A form step of the generated e2e journeys (generator/passes/e2e-plan.ts). */
export type E2eStep = 'fill' | 'check' | 'choose' | 'pickFirst' | 'fillTranslated' | 'typeDate';

/** Counters an example may use: later dates get later months (models declare start before end). */
export interface ExampleContext { dates: number }

export interface KindSpec {
  /** The schema of a present value (never null); `nested` builds a list item's or an object's schema. */
  readonly schema: (f: FieldDef, nested: (fields: Readonly<Record<string, FieldDef>>) => z.ZodType) => z.ZodType;
  /**
   * The value as answers carry it, when not a plain string: no transforms (a response is serialized
   * through it and a transform cannot run backwards), and nothing the stored value may lack.
   */
  readonly wire?: (f: FieldDef, nested: (fields: Readonly<Record<string, FieldDef>>) => z.ZodType) => z.ZodType;
  /** PostgreSQL column type; `jsonb` columns hold JSON text (sent as text, parsed when read). */
  readonly column: string;
  /** A row's value as the record's (pg answers dates as Date, numerics as strings). */
  readonly read?: (v: unknown) => unknown;
  /** List order: case-insensitive text, the column's own order, or not sortable. */
  readonly sort: 'text' | 'value' | 'none';
  /** The schema of an equality filter's value (query strings are text), when not the value schema. */
  readonly filter?: () => z.ZodType;
  readonly admin: {
    readonly input: Widget | Structural;
    readonly field: Widget | Structural;
    /** The input of an equality filter, when not a TextInput. */
    readonly filter?: Widget | Structural;
    /** Whether a list column may be sorted (a reference shows the target's name but sorts by id). */
    readonly sortableColumn?: false;
  };
  /** A valid value as the API takes it, for generated tests; the model's `.example()` wins. */
  readonly example: (f: FieldDef, ctx: ExampleContext) => unknown;
  /** A value made distinct by a suffix (unique fields, the journeys' key field), leaving `room` for it. */
  readonly unique?: (value: unknown, suffix: string, f: FieldDef, room: number) => unknown;
  /** How the journeys enter it in a Create form (none: not typed), and the text typed for a value. */
  readonly e2e?: { readonly step: E2eStep; readonly typed?: (v: unknown) => string; readonly formValue?: (v: unknown) => unknown };
}

const msg = (rule: ValidationRule) => ({ error: rule });
const typeError = { error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? 'required' : 'invalid') };

/** The one base of every string a client sends: the text kinds, their parts and lists build on it. */
export function baseString() {
  return safeString(typeError);
}

/** Decimal with an optional comma or dot fraction (core §5); the comma becomes a dot. */
export const DECIMAL_RE = /^-?\d{1,12}([.,]\d{1,2})?$/;
export const VAT_RE = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
export const PHONE_RE = /^\+?[0-9][0-9 ()./-]{5,30}$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A path on this server (url fields with orPath): '/' and no second one after it, no spaces. */
export const SERVER_PATH_RE = /^\/(?!\/)\S*$/;
/** Barcode tag (core, warehouse instances): 6 to 25 printable ASCII characters, no spaces, as scanners send them. */
export const BARCODE_TAG_RE = /^[!-~]{6,25}$/;

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function text(f: FieldDef) {
  let s = baseString().trim();
  if (f.required) s = s.min(Math.max(1, f.min ?? 1), msg('required'));
  else if (f.min !== undefined) s = s.min(f.min, msg('minLength'));
  return s.max(f.max ?? 10000, msg('maxLength'));
}

function numeric(f: FieldDef, base: z.ZodNumber) {
  let n = base;
  if (f.min !== undefined) n = n.min(f.min, msg('minValue'));
  if (f.max !== undefined) n = n.max(f.max, msg('maxValue'));
  return n;
}

/** Optional fields accept null, and '' (what an emptied form input sends) as null. */
export function optional<S extends z.ZodType>(s: S) {
  return z.union([z.literal('').transform(() => null), s]).nullable().optional();
}

const boolParam = () => z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** A text cut to the field's bounds, leaving `room` characters for a suffix. */
export function fitted(base: string, f: FieldDef, room = 0): string {
  const max = f.max ?? 200;
  let out = base.slice(0, Math.max(1, room ? max - room - 1 : max)).trim();
  while (out.length < (f.min ?? 0)) out += 'x';
  return out;
}

const suffixed = (v: unknown, suffix: string, f: FieldDef, room: number) => `${fitted(String(v), f, room)} ${suffix}`;

/** Text widgets: display as text, edit in a TextInput with these props. */
const textual = (props?: Widget['props'], field = 'TextField') => ({ input: { component: 'TextInput', props }, field: { component: field } });
const jsonRead = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

const kinds = {
  text: {
    schema: (f) => text(f), column: 'text', sort: 'text', admin: textual(),
    example: (f) => fitted(String(f.example ?? f.label.en), f), unique: suffixed, e2e: { step: 'fill' },
  },
  textarea: {
    schema: (f) => text(f), column: 'text', sort: 'text', admin: textual(() => ({ multiline: true, minRows: 3 })),
    example: (f) => fitted(String(f.example ?? f.label.en), f), unique: suffixed, e2e: { step: 'fill' },
  },
  email: {
    schema: (f) => text(f).pipe(z.email(msg('email'))), column: 'text', sort: 'text',
    admin: textual(() => ({ type: 'email' }), 'EmailField'),
    example: (f) => String(f.example ?? 'e2e@example.com'),
    unique: (v, suffix) => { const [user, host] = String(v).split('@'); return `${user}+${suffix}@${host}`; },
    e2e: { step: 'fill' },
  },
  url: {
    schema: (f) => {
      const address = z.url({ ...msg('url'), protocol: /^https?$/ });
      // A path on this server: one slash first (two would name another host), no spaces.
      return text(f).pipe(f.orPath ? z.union([z.string().regex(SERVER_PATH_RE), address], msg('url')) : address);
    },
    column: 'text', sort: 'text', admin: textual(() => ({ type: 'url' }), 'UrlField'),
    example: (f) => String(f.example ?? 'https://example.com/'), e2e: { step: 'fill' },
  },
  vatNumber: {
    schema: () => baseString().trim().transform((v) => v.replace(/[\s.]/g, '').toUpperCase()).pipe(z.string().regex(VAT_RE, msg('vatNumber'))),
    column: 'text', sort: 'text', admin: textual(),
    example: (f) => String(f.example ?? 'BE0123456749'), e2e: { step: 'fill' },
  },
  phone: {
    schema: (f) => text(f).pipe(z.string().regex(PHONE_RE, msg('phone'))), column: 'text', sort: 'text',
    admin: textual(() => ({ type: 'tel' })),
    example: (f) => String(f.example ?? '+32 9 123 45 67'), e2e: { step: 'fill' },
  },
  barcodeTag: {
    schema: (f) => text({ ...f, min: undefined, max: 25 }).pipe(z.string().min(6, msg('minLength')).regex(BARCODE_TAG_RE, msg('invalid'))),
    column: 'text', sort: 'text', admin: textual(),
    example: (f) => String(f.example ?? 'TAG-000123'),
    unique: (v, suffix) => `${String(v).slice(0, Math.max(6, 25 - suffix.length - 1))}-${suffix}`.slice(0, 25),
    e2e: { step: 'fill' },
  },
  integer: {
    schema: (f) => numeric(f, z.number(typeError).int(msg('numerical'))), column: 'integer', wire: () => z.number(), read: Number, sort: 'value',
    filter: () => z.coerce.number(),
    admin: { input: { component: 'NumberInput', props: (f) => ({ step: 1, min: f.min, max: f.max }) }, field: { component: 'NumberField' } },
    example: (f) => Number(f.example ?? Math.min(Math.max(f.min ?? 1, 1), f.max ?? Infinity)),
    e2e: { step: 'fill', typed: String },
  },
  number: {
    schema: (f) => numeric(f, z.number(typeError).finite()), column: 'double precision', wire: () => z.number(), read: Number, sort: 'value',
    filter: () => z.coerce.number(),
    admin: { input: { component: 'NumberInput', props: (f) => ({ min: f.min, max: f.max }) }, field: { component: 'NumberField' } },
    example: (f) => Number(f.example ?? Math.min(Math.max(f.min ?? 1, 1), f.max ?? Infinity)),
    e2e: { step: 'fill', typed: String },
  },
  // decimal strings, never binary floats (DESIGN §6)
  money: {
    schema: (f) => z
      .union([baseString().trim().regex(DECIMAL_RE, msg('numerical')), z.number(typeError).finite()])
      .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v.replace(',', '.')))
      .pipe(z.string())
      .refine((v) => f.min === undefined || Number(v) >= f.min, msg('minValue'))
      .refine((v) => f.max === undefined || Number(v) <= f.max, msg('maxValue')),
    column: 'numeric(14,2)', read: (v) => (typeof v === 'number' ? v.toFixed(2) : String(v)), sort: 'value',
    admin: { input: { component: 'MoneyInput' }, field: { component: 'MoneyField' } },
    example: (f) => String(f.example ?? '12.50'),
    // typed the Belgian way, with a decimal comma (core §5)
    e2e: { step: 'fill', typed: (v) => String(v).replace('.', ',') },
  },
  boolean: {
    schema: () => z.boolean(typeError), column: 'boolean', wire: () => z.boolean(), sort: 'value', filter: boolParam,
    admin: { input: { component: 'BooleanInput' }, field: { component: 'BooleanField' }, filter: { component: 'NullableBooleanInput' } },
    example: () => true, e2e: { step: 'check' },
  },
  date: {
    schema: () => baseString().regex(DATE_RE, msg('date')).refine(isRealDate, msg('date')), column: 'date',
    read: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)), sort: 'value',
    admin: { input: { component: 'DateInput' }, field: { component: 'DateField' } },
    example: (f, ctx) => String(f.example ?? `2030-${String(1 + (ctx.dates++ % 12)).padStart(2, '0')}-15`),
    // the date picker (generated-support/DateInput) is typed as DD/MM/YYYY in every interface language
    e2e: { step: 'typeDate', typed: (v) => String(v).split('-').reverse().join('/') },
  },
  datetime: {
    schema: () => z.iso.datetime({ offset: true, ...msg('date') }), column: 'timestamptz', read: iso, sort: 'value',
    admin: { input: { component: 'DateTimeInput' }, field: { component: 'DateField', props: () => ({ showTime: true }) } },
    example: (f) => String(f.example ?? '2030-01-15T10:00:00.000Z'),
    // the browser's datetime-local input takes minutes, in local time (the e2e browser runs in UTC)
    e2e: { step: 'fill', typed: (v) => String(v).slice(0, 16), formValue: (v) => `${String(v).slice(0, 16)}:00Z` },
  },
  enum: {
    schema: (f) => z.enum(f.values as [string, ...string[]], msg('choice')), column: 'text', wire: (f) => z.string().meta({ enum: [...(f.values ?? [])] }), sort: 'text',
    admin: { input: { structural: 'choices' }, field: { structural: 'choices' }, filter: { structural: 'choices' } },
    example: (f) => String(f.example ?? f.default ?? f.values![0]), e2e: { step: 'choose' },
  },
  reference: {
    schema: () => z.uuid(msg('invalid')), column: 'uuid', wire: () => z.string().meta({ format: 'uuid' }), sort: 'value',
    admin: { input: { structural: 'reference' }, field: { structural: 'reference' }, filter: { structural: 'reference' }, sortableColumn: false },
    // a placeholder: tests point references at rows they create or the seed has
    example: () => '00000000-0000-4000-8000-000000000000', e2e: { step: 'pickFirst' },
  },
  translated: {
    schema: (f) => z.object({
      nl: f.required ? text({ ...f, kind: 'text' }) : optional(text({ ...f, kind: 'text', required: false })),
      en: optional(text({ ...f, kind: 'text', required: false })),
      fr: optional(text({ ...f, kind: 'text', required: false })),
    }),
    column: 'jsonb', wire: () => z.object({ nl: z.string().nullable().optional(), en: z.string().nullable().optional(), fr: z.string().nullable().optional() }), read: jsonRead, sort: 'none',
    admin: { input: { component: 'TranslatedTextInput' }, field: { component: 'TranslatedTextField' } },
    example: (f) => {
      const ex = f.example as Partial<Record<'nl' | 'en' | 'fr', string>> | undefined;
      return { nl: fitted(ex?.nl ?? f.label.nl, f), en: fitted(ex?.en ?? f.label.en, f), fr: fitted(ex?.fr ?? f.label.fr, f) };
    },
    // the journeys type the Dutch text only
    e2e: { step: 'fillTranslated', typed: (v) => (v as { nl: string }).nl, formValue: (v) => ({ nl: (v as { nl: string }).nl }) },
  },
  attachment: {
    schema: () => z.object({
      containerName: baseString().min(1).max(200), blobName: baseString().min(1).max(500),
      fileName: baseString().min(1).max(255), contentType: baseString().max(200), size: z.number().int().min(0),
    }),
    column: 'jsonb', wire: () => z.object({ containerName: z.string(), blobName: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() }), read: jsonRead, sort: 'none',
    admin: { input: { component: 'AttachmentInput' }, field: { component: 'AttachmentField' } },
    example: () => ({ containerName: 'documents', blobName: 'examples/offer.pdf', fileName: 'offer.pdf', contentType: 'application/pdf', size: 2048 }),
  },
  list: {
    schema: (f, nested) => z.array(nested(f.fields ?? {})).max(f.max ?? 1000, msg('maxLength')),
    column: 'jsonb', wire: (f, nested) => z.array(nested(f.fields ?? {})), read: jsonRead, sort: 'none',
    admin: { input: { structural: 'items' }, field: { structural: 'items' } },
    example: (f, ctx) => [exampleRecord(f.fields ?? {}, ctx)],
  },
  object: {
    schema: (f, nested) => nested(f.fields ?? {}), column: 'jsonb', wire: (f, nested) => nested(f.fields ?? {}), read: jsonRead, sort: 'none',
    admin: { input: { structural: 'members' }, field: { structural: 'members' } },
    example: (f, ctx) => exampleRecord(f.fields ?? {}, ctx),
  },
  stringList: {
    schema: (f) => z.array(baseString().trim().min(1).max(500)).max(f.max ?? 1000, msg('maxLength')),
    column: 'jsonb', wire: () => z.array(z.string()), read: jsonRead, sort: 'none',
    admin: { input: { component: 'TextArrayInput' }, field: { component: 'TextArrayField' } },
    example: () => ['first', 'second'],
  },
} satisfies Record<FieldKind, KindSpec>;

/** A file as an attachment field stores and answers it (the kind's wire value): where it is kept, its name, type and size. */
export type StoredFile = z.output<ReturnType<typeof kinds.attachment.wire>>;

/** The kinds by name (the compiler asks for an entry for every FieldKind). */
export const FIELD_KINDS: Readonly<Record<FieldKind, KindSpec>> = kinds;

/** The declaration of a field's kind. */
export const kindOf = (f: FieldDef): KindSpec => FIELD_KINDS[f.kind];

/** Whether the field's column holds JSON text. */
export const isJsonKind = (f: FieldDef) => kindOf(f).column === 'jsonb';

/** A record with every writable field filled with its example (read-only fields are the server's). */
export function exampleRecord(fields: Readonly<Record<string, FieldDef>>, ctx: ExampleContext = { dates: 0 }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(fields)) if (!f.readOnly) out[name] = kindOf(f).example(f, ctx);
  return out;
}
