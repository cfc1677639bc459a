import type { Translations } from '../../model/dsl';
import { kindOf, type ExampleContext } from '../../src/shared/field-kinds';
import { schemasFor } from '../../src/shared/schema-builder';
import type { IrField, IrResource } from '../ir';

/** What the generated journey does with one input of the Create form. */
export type Step =
  /** `value` may hold SUFFIX, replaced by the run's uniqueSuffix(). */
  | { readonly action: 'fill'; readonly label: Translations; readonly value: string }
  | { readonly action: 'choose'; readonly label: Translations; readonly option: Translations }
  | { readonly action: 'pickFirst'; readonly label: Translations }
  | { readonly action: 'check'; readonly label: Translations }
  | { readonly action: 'fillTranslated'; readonly label: Translations; readonly value: string }
  | { readonly action: 'typeDate'; readonly label: Translations; readonly value: string };

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
  // a text the journey can make unique and find again in a list cell
  const textual = (f: IrField) => !!kindOf(f.def).unique && kindOf(f.def).e2e?.step === 'fill' && !f.def.readOnly && !f.def.hidden && !f.def.createOnly;
  return r.fields.find((f) => f.name === r.def.recordRepresentation && textual(f)) ?? r.fields.find((f) => f.def.required && textual(f));
}

/** A value for a field: the model's example, else one derived from its kind (src/shared/field-kinds.ts). */
function plan(f: IrField, suffixed: boolean, ctx: ExampleContext): PlannedField | null {
  const d = f.def;
  const kind = kindOf(d);
  if (!kind.e2e) return null;
  const example = kind.example(d, ctx);
  const value = suffixed && kind.unique ? kind.unique(example, SUFFIX, d, SUFFIX_ROOM) : example;
  const formValue = kind.e2e.formValue ? kind.e2e.formValue(value) : value;
  const typed = kind.e2e.typed ? kind.e2e.typed(value) : String(value);
  const checked = typeof formValue === 'string' ? withSample(formValue) : formValue;
  switch (kind.e2e.step) {
    case 'fill': return { path: f.path, step: { action: 'fill', label: d.label, value: typed }, formValue: checked };
    case 'fillTranslated': return { path: f.path, step: { action: 'fillTranslated', label: d.label, value: typed }, formValue };
    case 'typeDate': return { path: f.path, step: { action: 'typeDate', label: d.label, value: typed }, formValue };
    case 'check': return { path: f.path, step: { action: 'check', label: d.label }, formValue };
    case 'pickFirst': return { path: f.path, step: { action: 'pickFirst', label: d.label }, formValue };
    case 'choose': {
      // the form starts on the default: nothing to choose
      const step: Step | null = value === d.default ? null : { action: 'choose', label: d.label, option: d.valueLabels?.[String(value)] ?? { nl: String(value), en: String(value), fr: String(value) } };
      return { path: f.path, step, formValue };
    }
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
    if (!kindOf(f.def).e2e) return [];
    return [{ field: f, required: parentRequired && f.def.required }];
  });
}

/**
 * The Create form's steps: every required field and up to `optional` optional fields with an
 * example, checked against the resource's own create schema (its rules included) so the journey
 * never types data the server refuses. Optional fields are dropped until the plan passes.
 */
export function planCreate(r: IrResource, optional = 3): PlannedField[] {
  const dates: ExampleContext = { dates: 0 };
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
