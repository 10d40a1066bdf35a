// The operationId of a contract path: its segments after /api/ in lowerCamelCase,
// so `/api/Live_streaming/getLiveList` becomes `liveStreamingGetLiveList`.
export function operationIdOf(path) {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/_]/)
    .filter(Boolean);
  return words
    .map((word, index) =>
      index === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');
}
