// What the QR confirm page shows of the device that asked for a code: the browser and the system a
// user would recognise as their own, read from the user agent. No database of agents: the few families that
// make up nearly all visits, in the order that tells them apart (Edge and Opera also say Chrome, Chrome also
// says Safari, iOS also says Mac OS X).

export interface DeviceSummary {
  /** Browser and major version, e.g. Chrome 131; null when the agent names no browser known here. */
  browser: string | null;
  /** Operating system, e.g. Windows; null when unknown. */
  os: string | null;
}

const browsers: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['WeChat', /MicroMessenger\/(\d+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['UC Browser', /UCBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /Version\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//],
];

const systems: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['iOS', /iPhone|iPad|iPod/],
  ['Android', /Android/],
  ['HarmonyOS', /HarmonyOS|OpenHarmony/],
  ['ChromeOS', /CrOS/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

/** The browser and system a user agent names. */
export function summarizeUserAgent(userAgent: string): DeviceSummary {
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const os = systems.find(([, pattern]) => pattern.test(userAgent));
  return {
    browser: browser ? `${browser[0]} ${browser[1].exec(userAgent)![1]}` : null,
    os: os ? os[0] : null,
  };
}
