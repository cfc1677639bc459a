import type { FieldDef, Translations } from '../../model/dsl';
import { schemasFor } from '../../src/shared/schema-builder';
import type { IrField, IrResource } from '../ir';

/** What the generated journey does with one input of the Create form. */
export type Step =
  /** `value` may hold SUFFIX, replaced by the run's uniqueSuffix(). */
  | { readonly action: 'fill'; readonly label: Translations; readonly value: string }
  | { readonly action: 'choose'; readonly label: Translations; readonly option: Translations }
  | { readonly action: 'pickFirst'; readonly label: Translations }
  | { readonly action: 'check'; readonly label: Translations }
  | { readonly action: 'fillTranslated'; readonly label: Translations; readonly value: string };

export interface PlannedField {
  readonly path: string;
  readonly step: Step | null;
  /** The value as the form would hold it, for checking the plan against the create schema. */
  readonly formValue: unknown;
}

/** Where the run's unique suffix goes in a typed value. */
export const SUFFIX = '{suffix}';
/** Stands in for the suffix while checking values (uniqueSuffix() gives about 12 characters). */
export const SAMPLE_SUFFIX = 'mabc1234xyz9';
const withSample = (value: string) => value.split(SUFFIX).join(SAMPLE_SUFFIX);
const SUFFIX_ROOM = 16;

/** The text field the journey types, finds the record by and edits: the representation if it is text. */
export function keyField(r: IrResource): IrField | undefined {
  const textual = (f: IrField) => ['text', 'textarea', 'email'].includes(f.def.kind) && !f.def.readOnly && !f.def.hidden && !f.def.createOnly;
  return r.fields.find((f) => f.name === r.def.recordRepresentation && textual(f)) ?? r.fields.find((f) => f.def.required && textual(f));
}

function fitted(base: string, f: FieldDef, suffixed: boolean): string {
  const max = f.max ?? 200;
  const room = suffixed ? max - SUFFIX_ROOM - 1 : max;
  let text = base.slice(0, Math.max(1, room)).trim();
  while (text.length < (f.min ?? 0)) text += 'x';
  return text;
}

/** A value for a field: the model's example, else one derived from its kind and bounds. */
function plan(f: IrField, suffixed: boolean, dates: { count: number }): PlannedField | null {
  const d = f.def;
  const ex = d.example;
  const fill = (value: string): PlannedField => ({ path: f.path, step: { action: 'fill', label: d.label, value }, formValue: withSample(value) });
  switch (d.kind) {
    case 'text': case 'textarea': {
      const base = fitted(String(ex ?? d.label.en), d, suffixed);
      return fill(suffixed ? `${base} ${SUFFIX}` : base);
    }
    case 'email': {
      const [user, host] = String(ex ?? 'e2e@example.com').split('@');
      return fill(suffixed ? `${user}+${SUFFIX}@${host}` : `${user}@${host}`);
    }
    case 'url': return fill(String(ex ?? 'https://example.com/'));
    case 'phone': return fill(String(ex ?? '+32 9 123 45 67'));
    case 'vatNumber': return fill(String(ex ?? 'BE0123456749'));
    case 'integer': case 'number': {
      const n = Number(ex ?? Math.min(Math.max(d.min ?? 1, 1), d.max ?? Infinity));
      return { ...fill(String(n)), formValue: n };
    }
    // typed the Belgian way, with a decimal comma (core §5)
    case 'money': return { ...fill(String(ex ?? '12.50').replace('.', ',')), formValue: String(ex ?? '12.50') };
    // later date fields get later months: models declare start before end ('after' rules)
    case 'date': return fill(String(ex ?? `2030-${String(1 + (dates.count++ % 12)).padStart(2, '0')}-15`));
    case 'datetime': return { ...fill(String(ex ?? '2030-01-15T10:00')), formValue: `${String(ex ?? '2030-01-15T10:00')}:00Z` };
    case 'boolean': return { path: f.path, step: { action: 'check', label: d.label }, formValue: true };
    case 'enum': {
      const value = String(ex ?? d.default ?? d.values![0]);
      const step: Step | null = value === d.default ? null : { action: 'choose', label: d.label, option: d.valueLabels?.[value] ?? { nl: value, en: value, fr: value } };
      return { path: f.path, step, formValue: value };
    }
    case 'reference': return { path: f.path, step: { action: 'pickFirst', label: d.label }, formValue: '00000000-0000-4000-8000-000000000000' };
    case 'translated': {
      const value = fitted(String((ex as { nl?: string } | undefined)?.nl ?? d.label.nl), d, false);
      return { path: f.path, step: { action: 'fillTranslated', label: d.label, value }, formValue: { nl: value } };
    }
    default: return null;
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.');
  if (!rest.length) target[head!] = value;
  else setPath((target[head!] ??= {}) as Record<string, unknown>, rest.join('.'), value);
}

/** Fields a journey may fill: top-level fields and members of objects (not list items or files). */
function candidates(fields: readonly IrField[], parentRequired = true): { field: IrField; required: boolean }[] {
  return fields.flatMap((f) => {
    if (f.def.readOnly || f.def.hidden) return [];
    if (f.def.kind === 'object') return candidates(f.children, parentRequired && f.def.required);
    if (['list', 'attachment', 'stringList'].includes(f.def.kind)) return [];
    return [{ field: f, required: parentRequired && f.def.required }];
  });
}

/**
 * The Create form's steps: every required field and up to `optional` optional fields with an
 * example, checked against the resource's own create schema (its rules included) so the journey
 * never types data the server refuses. Optional fields are dropped until the plan passes.
 */
export function planCreate(r: IrResource, optional = 3): PlannedField[] {
  const dates = { count: 0 };
  const key = keyField(r);
  const all = candidates(r.fields);
  const required = all.filter((c) => c.required || c.field === key).map((c) => plan(c.field, c.field === key, dates)).filter((p): p is PlannedField => !!p);
  const extras = all
    .filter((c) => !c.required && c.field !== key && c.field.def.example !== undefined)
    .slice(0, optional)
    .map((c) => plan(c.field, false, dates))
    .filter((p): p is PlannedField => !!p);
  const schema = schemasFor(r.def).create;
  for (let n = extras.length; n >= 0; n--) {
    const chosen = [...required, ...extras.slice(0, n)];
    const values: Record<string, unknown> = {};
    for (const p of chosen) setPath(values, p.path, p.formValue);
    const result = schema.safeParse(values);
    if (result.success) return chosen;
    if (n === 0) throw new Error(`${r.name}: the e2e journey's required values fail the create schema: ${result.error.message}`);
  }
  return required;
}
