import type { FilterDef } from '../../../model/dsl';
import { kindOf } from '../../../src/shared/field-kinds';
import { code, tsLiteral } from '../../emit';
import type { Ir, IrField, IrResource } from '../../ir';
import { fieldAt } from '../../validate';
import { filterKey } from '../i18n';
import { choicesOf } from './fields';
import { el, type JsxNode } from './jsx';

export type FormMode = 'create' | 'edit';

/** A default as a JSX prop: strings as attributes, everything else as an expression. */
const defaultProp = (value: unknown) => (typeof value === 'string' ? value : code(tsLiteral(value)));

interface InputContext {
  readonly ir: Ir;
  readonly resource: IrResource;
  readonly mode: FormMode;
  /** Dotted path from the record root, for i18n keys of choices (list items have relative sources). */
  readonly pathPrefix: string;
}

/** The target's search: a search filter, else a contains filter on its representation, else none. */
function targetQuery(target: IrResource) {
  const filters = Object.entries(target.def.filters);
  const search = filters.find(([, f]) => f.kind === 'search');
  const contains = filters.find(([, f]) => f.kind === 'contains' && f.field === target.def.recordRepresentation);
  const key = search?.[0] ?? contains?.[0];
  return key ? code(`(text: string) => ({ ${key}: text })`) : code('() => ({})');
}

/** ReferenceInput + AutocompleteInput showing the target's representation. */
export function referenceInput(ir: Ir, targetName: string, props: Record<string, unknown>, inputProps: Record<string, unknown> = {}): JsxNode {
  const target = ir.byName.get(targetName)!;
  return el(
    'ReferenceInput',
    { ...props, reference: target.name, sort: target.def.list.sort },
    el('AutocompleteInput', { ...inputProps, optionText: target.def.recordRepresentation, filterToQuery: targetQuery(target) }),
  );
}

/**
 * The input of a writable field in a Create or Edit form. Validation is the form's zod resolver, so
 * inputs carry no validators; `isRequired` only marks the label.
 */
export function inputNodes(ctx: InputContext, field: IrField): JsxNode[] {
  const f = field.def;
  if (f.readOnly || f.hidden) return [];
  const source = field.path;
  const fullPath = ctx.pathPrefix + field.path;
  const base = {
    source,
    isRequired: f.required || undefined,
    defaultValue: ctx.mode === 'create' && f.default !== undefined && !(Array.isArray(f.default) && f.default.length === 0) ? defaultProp(f.default) : undefined,
    readOnly: ctx.mode === 'edit' && f.createOnly ? true : undefined,
  };
  const spec = kindOf(f).admin.input;
  if (!('structural' in spec)) return [el(spec.component, { ...base, ...spec.props?.(f) })];
  switch (spec.structural) {
    case 'choices': return [el('SelectInput', { ...base, choices: choicesOf(ctx.resource.name, fullPath, f) })];
    case 'reference': return [referenceInput(ctx.ir, f.target!, base)];
    case 'items': {
      if (!field.children.length) return [el('TextArrayInput', base)];
      const item = { ...ctx, pathPrefix: `${fullPath}.` };
      return [el('ArrayInput', base, el('SimpleFormIterator', { inline: true }, ...field.children.flatMap((c) => inputNodes(item, c))))];
    }
    case 'members': return field.children.flatMap((c) => inputNodes(ctx, c));
  }
}

/** The inputs of a list's filters (react-admin `filters` prop). */
export function filterNodes(ir: Ir, r: IrResource): JsxNode[] {
  return Object.entries(r.def.filters).map(([key, f]) => filterNode(ir, r, key, f));
}

function filterNode(ir: Ir, r: IrResource, key: string, f: FilterDef): JsxNode {
  const label = filterKey(r.name, key);
  const alwaysOn = ('alwaysOn' in f && f.alwaysOn) || undefined;
  switch (f.kind) {
    case 'search': return el('SearchInput', { source: key, alwaysOn: true });
    case 'contains': case 'has': return el('TextInput', { source: key, label, alwaysOn });
    case 'gte': case 'lte': return el('DateInput', { source: key, label, alwaysOn });
    case 'only': return el('BooleanInput', { source: key, label, alwaysOn });
    case 'related': return f.match === 'in' ? el('BooleanInput', { source: key, label, alwaysOn })
      : f.match === 'eq' ? referenceInput(ir, ir.resources.find((x) => x.name === f.resource)!.def.fields[f.field]!.target!, { source: key, label, alwaysOn }, { label })
      : el('TextInput', { source: key, label, alwaysOn });
    // Always visible: restoring starts from here, and a hidden "show deleted" is easily missed.
    case 'deleted': return el('BooleanInput', { source: key, label, alwaysOn: true });
    case 'eq': {
      const field = fieldAt(r.def.fields, f.field)!;
      const spec = kindOf(field).admin.filter;
      if (spec && !('structural' in spec)) return el(spec.component, { source: key, label, alwaysOn, ...spec.props?.(field) });
      if (spec?.structural === 'choices') return el('SelectInput', { source: key, label, alwaysOn, choices: choicesOf(r.name, f.field, field) });
      // the label on ReferenceInput names it in the filter menu, the one on the input labels the field
      if (spec?.structural === 'reference') return referenceInput(ir, field.target!, { source: key, label, alwaysOn }, { label });
      return el('TextInput', { source: key, label, alwaysOn });
    }
  }
}
