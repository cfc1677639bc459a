/**
 * The refresh tokens this browser's tabs have already spent, kept where every tab reads the same thing
 * at once. Local storage is not such a place: Chromium hands a tab's write to the other tabs'
 * processes asynchronously, so a tab that takes the refresh lock right after another tab released it
 * can still read the sign-in that tab has just replaced — and spending that rotated refresh token
 * again makes the provider revoke the whole sign-in (measured: about two reads in three were stale).
 * IndexedDB transactions are committed centrally: what one tab recorded before releasing the lock,
 * the next holder reads. Only spent tokens are kept (the provider refuses them), never a live one.
 */

export interface SpentRefreshTokens {
  /** Whether a tab has exchanged `refreshToken` for a new sign-in (under the lock `name`). */
  has(name: string, refreshToken: string): Promise<boolean>;
  /** Records that `refreshToken` was exchanged; resolves once every tab can read it. */
  add(name: string, refreshToken: string): Promise<void>;
}

/** Enough for rotations that follow each other faster than local storage reaches the other tabs. */
const KEEP = 10;
const DATABASE = 'procurement-shop.auth';
const STORE = 'spentRefreshTokens';

/** Within one page (or where IndexedDB is missing): the tabs of a test, or a tab on its own. */
export function memorySpentRefreshTokens(): SpentRefreshTokens {
  const spent = new Map<string, string[]>();
  return {
    async has(name, refreshToken) {
      return spent.get(name)?.includes(refreshToken) ?? false;
    },
    async add(name, refreshToken) {
      spent.set(name, [...(spent.get(name) ?? []), refreshToken].slice(-KEEP));
    },
  };
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Shared by the tabs of an origin through IndexedDB. */
export function indexedDbSpentRefreshTokens(factory: IDBFactory): SpentRefreshTokens {
  let opening: Promise<IDBDatabase> | undefined;
  const open = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  return {
    async has(name, refreshToken) {
      const db = await open();
      const list = await requestResult(db.transaction(STORE, 'readonly').objectStore(STORE).get(name)) as string[] | undefined;
      return list?.includes(refreshToken) ?? false;
    },
    async add(name, refreshToken) {
      const db = await open();
      const transaction = db.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      const list = (await requestResult(store.get(name)) as string[] | undefined) ?? [];
      store.put([...list, refreshToken].slice(-KEEP), name);
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    },
  };
}

let browserDefault: SpentRefreshTokens | undefined;

/** IndexedDB where the browser has it, else kept in memory. */
export function defaultSpentRefreshTokens(): SpentRefreshTokens {
  browserDefault ??= typeof indexedDB !== 'undefined' ? indexedDbSpentRefreshTokens(indexedDB) : memorySpentRefreshTokens();
  return browserDefault;
}
