import type { FieldDef } from '../../../model/dsl';
import { kindOf } from '../../../src/shared/field-kinds';
import type { Ir, IrField, IrResource } from '../../ir';
import { choiceKey } from '../i18n';
import { componentRef, el, type JsxNode, type PropValue } from './jsx';

/** react-admin choices of an enum: names are i18n keys, translated by SelectInput/SelectField. */
export function choicesOf(resource: string, path: string, def: FieldDef) {
  return def.values!.map((v) => ({ id: v, name: choiceKey(resource, path, v) }));
}


export interface DisplayContext {
  readonly ir: Ir;
  readonly resource: IrResource;
  /** Full dotted path of the field from the record root (for i18n keys), when it differs from `source`. */
  readonly labelPath?: string;
}

/** Kinds whose values line up on the right of a table column, as figures do. */
const FIGURES = new Set(['integer', 'number', 'money']);

export interface ColumnOptions {
  readonly label?: string;
  readonly disableSort?: boolean;
  /** The field's kind, for alignment. */
  readonly kind?: string;
}

/**
 * A DataTable column showing one display node: a bare `source` column for plain text (DataTable
 * prints the value), `field={Component}` for a widget that needs only its source, the widget as
 * the cell's child otherwise (choices, a reference's target, formatting props).
 */
export function column(node: JsxNode, opts: ColumnOptions = {}): JsxNode {
  const { source, label, ...rest } = node.props as { source?: string; label?: string } & Record<string, PropValue>;
  const bare = Object.values(rest).every((v) => v === undefined) && node.children.length === 0;
  const props = { source, label: opts.label ?? label, disableSort: opts.disableSort || undefined, align: opts.kind && FIGURES.has(opts.kind) ? 'right' : undefined };
  if (bare && node.tag === 'TextField') return el('DataTable.Col', props);
  if (bare) return el('DataTable.Col', { ...props, field: componentRef(node.tag) });
  return el('DataTable.Col', props, el(node.tag, { ...node.props, label: undefined }, ...node.children));
}

/**
 * The read-only widget of a field (Show, List columns): one node per field, an object's members
 * as their own fields with dotted sources.
 */
export function displayNodes(ctx: DisplayContext, field: IrField, source: string): JsxNode[] {
  const f = field.def;
  const r = ctx.resource;
  const label = ctx.labelPath ? `resources.${r.name}.fields.${ctx.labelPath}` : undefined;
  const kind = kindOf(f);
  const base = { source, label };
  const spec = kind.admin.field;
  if (!('structural' in spec)) return [el(spec.component, { ...base, ...spec.props?.(f) })];
  switch (spec.structural) {
    case 'choices': return [el('SelectField', { ...base, choices: choicesOf(r.name, ctx.labelPath ?? source, f) })];
    case 'reference': {
      const target = ctx.ir.byName.get(f.target!)!;
      // Shown by the target's representation even when the target has no screens of its own.
      return [el('ReferenceField', { ...base, reference: target.name, link: false }, el('TextField', { source: target.def.recordRepresentation }))];
    }
    case 'items': {
      if (!field.children.length) return [el('TextArrayField', base)];
      const prefix = ctx.labelPath ?? source;
      // the items are in the record: DataTable sorts them in the browser
      const columns = field.children
        .filter((c) => !c.def.hidden)
        .flatMap((c) => displayNodes({ ...ctx, labelPath: `${prefix}.${c.path}` }, c, c.path).map((n) => column(n, { kind: c.def.kind })));
      return [el('ArrayField', base, el('DataTable', { bulkActionButtons: false, rowClick: false }, ...columns))];
    }
    case 'members':
      return field.children
        .filter((c) => !c.def.hidden)
        .flatMap((c) => displayNodes({ ...ctx, labelPath: ctx.labelPath ? `${ctx.labelPath}.${c.name}` : undefined }, c, `${source}.${c.name}`));
  }
}

/** System columns shown like fields: timestamps. */
export function systemDisplay(path: string): JsxNode | undefined {
  if (path === 'createdAt' || path === 'updatedAt') return el('DateField', { source: path, showTime: true });
  if (path === 'id') return el('TextField', { source: 'id' });
  if (path === 'deleted') return el('BooleanField', { source: 'deleted' });
  return undefined;
}
