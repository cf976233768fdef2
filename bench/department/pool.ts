/**
 * Runs `work` on every item with at most `width` running at once, each worker taking the next item when
 * it is done; the results in the items' order. The first failure rejects (the others run to their end).
 */
export async function inPool<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
