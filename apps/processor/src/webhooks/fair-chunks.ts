function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

/**
 * Chunks of at most `size` items of one key each (one client per delivery job, so the processor can
 * share its slots out by client), taken from the keys in turn: a batch of one client's thousand
 * events and another's one queues the second client's job second, not last.
 */
export function fairChunks<T>(items: T[], size: number, keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  const perKey = [...groups.values()].map((group) => chunks(group, size));
  const rounds = Math.max(0, ...perKey.map((c) => c.length));
  return Array.from({ length: rounds }, (_, round) =>
    perKey.flatMap((c) => (round < c.length ? [c[round]] : [])),
  ).flat();
}
