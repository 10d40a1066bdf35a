// Pictures for stories, drawn inline so stories and their screenshots never need the network.
const svg = (body: string, viewBox = '0 0 64 64') =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`)}`;

/** A round avatar: a face on a teal ground. */
export const sampleAvatar = svg(
  '<rect width="64" height="64" fill="#2a9d8f"/><circle cx="32" cy="26" r="12" fill="#f4d6b0"/><path d="M10 64c2-14 12-20 22-20s20 6 22 20z" fill="#264653"/>',
);

/** A second avatar, for lists of several people. */
export const sampleAvatarAlt = svg(
  '<rect width="64" height="64" fill="#e76f51"/><circle cx="32" cy="26" r="12" fill="#e9c9a1"/><path d="M10 64c2-14 12-20 22-20s20 6 22 20z" fill="#3d405b"/>',
);

/** A wealth level badge. */
export const sampleLevelIcon = svg('<path d="M32 4l8 18 20 2-15 13 5 20-18-11-18 11 5-20L4 24l20-2z" fill="#f4a261" stroke="#9c4a00" stroke-width="3"/>');

/** A red and a blue team crest. */
export const sampleCrestHome = svg('<path d="M32 4l24 8v18c0 16-11 26-24 30C19 56 8 46 8 30V12z" fill="#c62828"/><text x="32" y="40" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">H</text>');
export const sampleCrestAway = svg('<path d="M32 4l24 8v18c0 16-11 26-24 30C19 56 8 46 8 30V12z" fill="#1565c0"/><text x="32" y="40" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">A</text>');

/** A 16:9 cover: a pitch at dusk. */
export const sampleCover = svg(
  '<rect width="320" height="180" fill="#14532d"/><g fill="none" stroke="#bbf7d0" stroke-width="2"><rect x="20" y="20" width="280" height="140"/><path d="M160 20v140"/><circle cx="160" cy="90" r="24"/></g>',
  '0 0 320 180',
);

/** An address that never loads, to show fallbacks. */
export const brokenImage = 'data:image/png;base64,broken';
