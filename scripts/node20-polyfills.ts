/**
 * Vitest 5 calls Map.groupBy/Object.groupBy (Node 21+) in its reporters; on Node 20 a failing test
 * would crash the reporter and hide the failure. Loaded by vitest.config.ts.
 */
type GroupBy = <T, K>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;

if (!('groupBy' in Map)) {
  const groupBy: GroupBy = (items, key) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
  Object.defineProperty(Map, 'groupBy', { value: groupBy, configurable: true, writable: true });
}
if (!('groupBy' in Object)) {
  Object.defineProperty(Object, 'groupBy', {
    value: <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) =>
      Object.fromEntries((Map as unknown as { groupBy: GroupBy }).groupBy(items, key)),
    configurable: true, writable: true,
  });
}
export {};
