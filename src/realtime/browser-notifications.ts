// Browser notifications for the site's alerts: asked for only on a gesture of the
// viewer (the reserve and follow buttons), shown only where permission was granted.

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Asks for permission once, from a click: a browser refuses a prompt that no gesture led to. */
export function askNotificationPermission(): void {
  if (!supported() || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

/** Shows a notification where the viewer allowed them; a click brings the tab forward and opens `href`. */
export function showBrowserNotification(title: string, body: string, href: string, tag: string): void {
  if (!supported() || Notification.permission !== 'granted') return;
  try {
    const notice = new Notification(title, { body, tag });
    notice.onclick = () => {
      window.focus();
      window.location.assign(href);
      notice.close();
    };
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker: the in-page notice is enough.
  }
}
