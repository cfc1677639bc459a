import { resourceByName, type ResourceDef } from '../../../model';
import type { ErrorDetail } from '../errors';
import { UUID_RE } from '../db/records';
import { readable, type Owner } from './scope';
import type { DynamicDb } from './dynamic-db';

/**
 * Reference fields must point at a row the same owner can read (same tenant; same customer for
 * customer-owned targets), not soft-deleted. Only the given values are checked, so an update that
 * leaves a reference alone does not fail because its target was deleted since.
 */
export async function checkReferences(db: DynamicDb, resource: ResourceDef, owner: Owner, values: Record<string, unknown>): Promise<ErrorDetail[]> {
  const details: ErrorDetail[] = [];
  for (const [name, f] of Object.entries(resource.fields)) {
    const id = values[name];
    if (f.kind !== 'reference' || !f.target || id === undefined || id === null) continue;
    const target = resourceByName(f.target);
    const rule = target.notFound;
    if (typeof id !== 'string' || !UUID_RE.test(id)) { details.push({ path: name, rule }); continue; }
    if (!owner.customerId && target.scope === 'customer') { details.push({ path: name, rule }); continue; }
    let q = db.selectFrom(target.table).select('id').where('id', '=', id);
    if (target.softDelete) q = q.where('deleted', '=', false);
    const found = await readable(q, target, owner).executeTakeFirst();
    if (!found) details.push({ path: name, rule });
  }
  return details;
}

