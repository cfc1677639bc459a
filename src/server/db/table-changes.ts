import type {
  Kysely, KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow,
} from 'kysely';
import type { DB } from '../../../generated/db/database.gen';

/** A write that succeeded: its table (as named in DB) and, for an update, the columns it set. */
export interface TableChange {
  table: keyof DB & string;
  /** The columns an update set; null when rows were added or removed. */
  columns: readonly string[] | null;
}

type Listener = (change: TableChange) => void;

const nameOf = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return nameOf((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
};

/** The table a write statement changes (insert, update, delete, merge), from Kysely's query tree. */
function changeOf(node: RootOperationNode): TableChange | null {
  const n = node as unknown as Record<string, any>;
  let table: string | undefined;
  let columns: string[] | null = null;
  switch (node.kind) {
    case 'InsertQueryNode': table = nameOf(n.into); break;
    case 'MergeQueryNode': table = nameOf(n.into); break;
    case 'DeleteQueryNode': table = nameOf(n.from?.froms?.[0]); break;
    case 'UpdateQueryNode':
      table = nameOf(n.table);
      columns = (n.updates ?? []).map((u: { column: { column: { name: string } } }) => u.column.column.name);
      break;
    default: return null;
  }
  return table ? { table: table as keyof DB & string, columns } : null;
}

/**
 * Tells listeners of every write this process makes through Kysely, once it has succeeded: what is
 * kept in memory from a table (the tenant of a host, a signed-in user and their rights) is dropped
 * as soon as this process changes that table. It sits first among the plugins, so tables and
 * columns carry the names of DB. Statements written as raw SQL are not seen, and neither are other
 * processes' writes: such a cache must also expire by itself (src/server/ttl-cache.ts changeDrivenCache).
 */
export class TableChanges implements KyselyPlugin {
  readonly #pending = new WeakMap<object, TableChange>();
  readonly #listeners = new Set<Listener>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const change = changeOf(node);
    if (change) this.#pending.set(queryId, change);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const change = this.#pending.get(queryId);
    if (change) {
      this.#pending.delete(queryId);
      for (const listener of this.#listeners) listener(change);
    }
    return result;
  }

  /** Calls `listener` after each successful write; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => { this.#listeners.delete(listener); };
  }
}

/**
 * The watcher among `db`'s plugins (openDatabase puts one first), also on an instance derived with
 * withPlugin or a transaction; undefined for a Kysely opened without it, which then caches nothing.
 */
export function tableChangesOf(db: Kysely<DB>): TableChanges | undefined {
  // getExecutor() is marked internal, but it is how a plugin is found on a derived instance.
  return db.getExecutor().plugins.find((p): p is TableChanges => p instanceof TableChanges);
}
