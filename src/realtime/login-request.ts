// A screen asks the shell to open its login dialog (a guest pressed follow, reserve, send...). The
// shell owns the dialog; screens only ask, through a window event, so neither imports the other.

const loginRequestEvent = 'pitchside:login-request';

/** Opens the shell's login dialog. */
export function requestLogin(): void {
  window.dispatchEvent(new Event(loginRequestEvent));
}

/** Calls `listener` for each request; answers the unsubscribe. */
export function onLoginRequest(listener: () => void): () => void {
  window.addEventListener(loginRequestEvent, listener);
  return () => window.removeEventListener(loginRequestEvent, listener);
}
