/** The waitlist order after moving one party a place up (-1) or down (+1); unchanged at the ends. */
export function movedOrder(ids: string[], partyId: string, step: -1 | 1): string[] {
  const from = ids.indexOf(partyId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const order = [...ids];
  [order[from], order[to]] = [order[to] as string, order[from] as string];
  return order;
}
