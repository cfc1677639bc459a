/**
 * A stand-in for the npm package `side-channel` (1.1), which vite.config.ts substitutes for it.
 *
 * Why: instantsearch.js needs `qs`, and qs keeps its cycle detection and bookkeeping in side
 * channels. The real package builds them from side-channel-weakmap/-map/-list, get-intrinsic,
 * call-bound and object-inspect: machinery for engines without WeakMap or Map, about 7 KB gzip on
 * the marketplace page (issue 4's script budget). Every browser the shop supports has both, so this
 * is the same API on a WeakMap for object and function keys and a Map for the others, as the real
 * package does on such engines. tests/app/side-channel.test.ts holds it to the API and runs qs on it.
 */

/** The channel the package's default export returns: a private key-value store. */
export interface Channel<K = unknown, V = unknown> {
  /** Throws a TypeError when the key is absent. */
  assert(key: K): void;
  delete(key: K): boolean;
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): void;
}

const isObjectKey = (key: unknown): key is object => key !== null && (typeof key === 'object' || typeof key === 'function');

/** The absent key as object-inspect would show it in the package's error message. */
function describe(key: unknown): string {
  if (isObjectKey(key)) return 'the given object key';
  if (typeof key === 'string') return `'${key.replace(/(['\\])/g, '\\$1')}'`;
  if (typeof key === 'bigint') return `${key}n`;
  if (Object.is(key, -0)) return '-0';
  return String(key);
}

/** A new, empty channel; its stores are made on the first set, as the package does. */
export default function getSideChannel<K = unknown, V = unknown>(): Channel<K, V> {
  let objects: WeakMap<object, V> | undefined;
  let others: Map<unknown, V> | undefined;
  const channel: Channel<K, V> = {
    assert(key) {
      if (!channel.has(key)) throw new TypeError(`Side channel does not contain ${describe(key)}`);
    },
    delete(key) {
      return isObjectKey(key) ? !!objects?.delete(key) : !!others?.delete(key);
    },
    get(key) {
      return isObjectKey(key) ? objects?.get(key) : others?.get(key);
    },
    has(key) {
      return isObjectKey(key) ? !!objects?.has(key) : !!others?.has(key);
    },
    set(key, value) {
      if (isObjectKey(key)) (objects ??= new WeakMap()).set(key, value);
      else (others ??= new Map()).set(key, value);
    },
  };
  return channel;
}

/**
 * qs loads the package with require('side-channel') and calls what it gets. A bundler's require of an
 * ES module yields its namespace object, unless the module names its CommonJS export like this
 * (Rolldown and Node's require(esm) both honour it): then require gives the function itself.
 */
export { getSideChannel as 'module.exports' };
