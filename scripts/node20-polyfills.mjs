// Vitest 5's reporters call Map.groupBy and Object.groupBy, which Node 20 lacks (they came in
// Node 21); without these a failing test crashes the reporter and hides the failure.
if (!Map.groupBy) {
  Map.groupBy = (items, keyOf) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(item);
    }
    return groups;
  };
}
if (!Object.groupBy) {
  Object.groupBy = (items, keyOf) => Object.fromEntries(Map.groupBy(items, keyOf));
}
