/** Retries an async check until it passes or `ms` run out: for writes made after the answer (onResponse hooks). */
export async function eventually<T>(check: () => Promise<T>, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
