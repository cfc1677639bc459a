import type { Translations } from './i18n';

/**
 * A workflow: statuses and the transitions between them, who may take each, and what it needs.
 * Orders, supplier orders, deliveries, invoices and contracts are declared with it; the server
 * refuses a transition that is not listed, the screens show only the actions the user may take.
 */
export interface WorkflowDef<S extends string = string> {
  readonly resource: string;
  readonly statuses: Readonly<Record<S, Translations>>;
  readonly initial: S;
  readonly transitions: readonly {
    readonly action: string;
    readonly from: readonly S[];
    readonly to: S;
    /**
     * Customer roles (or 'finance', 'supplier', 'platformAdmin') allowed to take it; 'orderer' is whoever
     * placed the order, whatever their roles (a step on their own order only).
     */
    readonly by: readonly string[];
    readonly needs?: 'reason';
  }[];
}

export function workflow<S extends string>(def: WorkflowDef<S>): WorkflowDef<S> {
  return def;
}

/** Contract field layouts (flows §3): admins change them at runtime; this is their vocabulary. */
export const CONTRACT_FIELD_GROUPS = ['General', 'Financial', 'SLA', 'Extra'] as const;
export const CONTRACT_FIELD_TYPES = [
  'input', 'number', 'textbox', 'date', 'attachments', 'select', 'users', 'department', 'budgets', 'extension', 'cancellationDate',
] as const;
export interface ContractFieldLayout {
  readonly group: (typeof CONTRACT_FIELD_GROUPS)[number];
  readonly type: (typeof CONTRACT_FIELD_TYPES)[number];
  readonly name: string;
  readonly required: boolean;
  readonly options?: readonly string[];
}
