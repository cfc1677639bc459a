import type { FieldDef } from '../../../model/dsl';
import { kindOf } from '../../../src/shared/field-kinds';
import type { Ir, IrField, IrResource } from '../../ir';
import { choiceKey } from '../i18n';
import { el, type JsxNode } from './jsx';

/** react-admin choices of an enum: names are i18n keys, translated by SelectInput/SelectField. */
export function choicesOf(resource: string, path: string, def: FieldDef) {
  return def.values!.map((v) => ({ id: v, name: choiceKey(resource, path, v) }));
}


export interface DisplayContext {
  readonly ir: Ir;
  readonly resource: IrResource;
  /** Full dotted path of the field from the record root (for i18n keys), when it differs from `source`. */
  readonly labelPath?: string;
  /** In lists: the column cannot be sorted (nested paths, JSON kinds). */
  readonly inList?: boolean;
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
  // nested paths and JSON kinds cannot be sorted by the server; a reference would sort by id, not by what it shows
  const sortable = ctx.inList && (source.includes('.') || kind.sort === 'none' || kind.admin.sortableColumn === false) ? false : undefined;
  const base = { source, label, sortable };
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
      const columns = field.children
        .filter((c) => !c.def.hidden)
        .flatMap((c) => displayNodes({ ...ctx, labelPath: `${prefix}.${c.path}`, inList: false }, c, c.path));
      return [el('ArrayField', base, el('Datagrid', { bulkActionButtons: false, rowClick: false }, ...columns))];
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
