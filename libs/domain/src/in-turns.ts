/**
 * The items with the keys taking turns: the first item of each key (keys in the order they first
 * appear), then the second of each, and so on; each key's own items keep their order. What a queue
 * shared between clients hands out when one client's thousand items must not go before another's
 * one (the webhook attempts' records, docs/integrators.md "Fair between clients").
 */
export function inTurns<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const byKey = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = byKey.get(key);
    if (list) list.push(item);
    else byKey.set(key, [item]);
  }
  const lists = [...byKey.values()];
  const rounds = Math.max(0, ...lists.map((list) => list.length));
  const turns: T[] = [];
  for (let round = 0; round < rounds; round++)
    for (const list of lists) if (round < list.length) turns.push(list[round]);
  return turns;
}
