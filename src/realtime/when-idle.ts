/**
 * Runs `task` at the browser's first idle moment, within `timeoutMs`: what the first screen does not need (start-up's
 * requests and sockets, the session's machine) then does not compete with its requests and rendering. Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
