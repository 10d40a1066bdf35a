// The site's own artwork: every avatar, crest, league logo, cover, gift and badge is an SVG drawn
// from its name, so the seeded world needs no image files and no external URLs.

export type Sport = 'football' | 'basketball' | 'esports';
export type CoverMotif = 'football' | 'basketball' | 'esports' | 'news' | 'video' | 'banner' | 'circle';
export type BadgeKind = 'wealth' | 'anchor' | 'noble' | 'guard';

const fontStack = `system-ui,-apple-system,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif`;

/** mulberry32: a small deterministic generator, so the same name always draws the same picture. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to turn a text into a seed. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function pick<T>(list: readonly T[], r: () => number): T {
  return list[Math.floor(r() * list.length) % list.length] as T;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function svg(width: number, height: number, body: string, label: string): string {
  // ids made unique per picture, so drawings inlined side by side keep their own gradients
  const suffix = hashText(body).toString(36);
  body = body.replace(/id="([a-z]+)"/g, `id="$1-${suffix}"`).replace(/url\(#([a-z]+)\)/g, `url(#$1-${suffix})`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ` +
    `role="img" aria-label="${esc(label)}">${body}</svg>`
  );
}

function text(x: number, y: number, size: number, fill: string, content: string, extra = ''): string {
  return (
    `<text x="${x}" y="${y}" font-family="${fontStack}" font-size="${size}" font-weight="700" fill="${fill}" ` +
    `text-anchor="middle" dominant-baseline="central"${extra}>${esc(content)}</text>`
  );
}

// Calm, saturated colours that read on white and on the dark theme alike.
const palette = [
  '#e5484d', '#d6409f', '#8e4ec6', '#6e56cf', '#3e63dd', '#0090ff', '#00a2c7', '#12a594',
  '#30a46c', '#46a758', '#ffb224', '#f76b15', '#ad7f58', '#5b6b7c', '#e54666', '#0d74ce',
] as const;

const skinTones = ['#f9d7b9', '#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'] as const;
const hairColours = ['#2c1b18', '#4a312c', '#724133', '#a55728', '#b58143', '#d6b370', '#3b3b3b', '#c93305'] as const;

/** A friendly geometric face on a coloured circle. */
export function avatarSvg(seed: number): string {
  const r = rng(seed * 7919 + 17);
  const bg = pick(palette, r);
  const shirt = pick(palette, r);
  const skin = pick(skinTones, r);
  const hair = pick(hairColours, r);
  const hairStyle = Math.floor(r() * 5);
  const eyes = Math.floor(r() * 3);
  const mouth = Math.floor(r() * 3);
  const blush = r() < 0.5;
  const glasses = r() < 0.2;
  const parts: string[] = [
    `<defs><clipPath id="c"><circle cx="32" cy="32" r="32"/></clipPath></defs>`,
    `<g clip-path="url(#c)">`,
    `<rect width="64" height="64" fill="${bg}"/>`,
    `<circle cx="52" cy="10" r="16" fill="#fff" opacity=".12"/>`,
    `<path d="M10 64c2-13 11-19 22-19s20 6 22 19z" fill="${shirt}"/>`,
    `<path d="M27 44h10v5a5 5 0 0 1-10 0z" fill="${skin}"/>`,
  ];
  if (hairStyle === 3) parts.push(`<path d="M17 34c-2-14 5-22 15-22s17 8 15 22l-2 8H19z" fill="${hair}"/>`);
  parts.push(`<circle cx="32" cy="31" r="13" fill="${skin}"/>`);
  if (hairStyle === 0) parts.push(`<path d="M19 29c0-9 6-14 13-14s13 5 13 14c-4-5-9-6-13-6s-9 1-13 6z" fill="${hair}"/>`);
  if (hairStyle === 1)
    parts.push(`<path d="M19 28l3-9 3 4 3-7 4 6 3-7 3 7 3-4 2 10c-4-3-8-4-13-4s-9 1-13 4z" fill="${hair}"/>`);
  if (hairStyle === 2)
    parts.push(
      `<path d="M18 30c-1-10 6-16 14-16s15 6 14 16c-3-3-5-7-6-10-5 4-13 6-22 10z" fill="${hair}"/>`,
      `<rect x="16" y="26" width="4" height="10" rx="2" fill="${hair}"/>`,
    );
  if (hairStyle === 3) parts.push(`<path d="M19 27c1-8 7-12 13-12s12 4 13 12c-6-1-15-4-19-9-1 4-4 7-7 9z" fill="${hair}"/>`);
  if (hairStyle === 4)
    parts.push(`<path d="M18 27c0-8 6-12 14-12s14 4 14 12z" fill="${shirt}"/><rect x="30" y="24" width="22" height="4" rx="2" fill="${shirt}"/>`);
  const eyeY = 31;
  if (eyes === 0) parts.push(`<circle cx="27" cy="${eyeY}" r="1.8" fill="#2b2b2b"/><circle cx="37" cy="${eyeY}" r="1.8" fill="#2b2b2b"/>`);
  if (eyes === 1)
    parts.push(
      `<path d="M25 ${eyeY}q2-2.5 4 0M35 ${eyeY}q2-2.5 4 0" stroke="#2b2b2b" stroke-width="1.6" fill="none" stroke-linecap="round"/>`,
    );
  if (eyes === 2)
    parts.push(
      `<ellipse cx="27" cy="${eyeY}" rx="1.6" ry="2.3" fill="#2b2b2b"/><ellipse cx="37" cy="${eyeY}" rx="1.6" ry="2.3" fill="#2b2b2b"/>` +
        `<circle cx="27.6" cy="${eyeY - 0.8}" r=".6" fill="#fff"/><circle cx="37.6" cy="${eyeY - 0.8}" r=".6" fill="#fff"/>`,
    );
  if (glasses)
    parts.push(
      `<g fill="none" stroke="#2b2b2b" stroke-width="1.2"><circle cx="27" cy="${eyeY}" r="4"/><circle cx="37" cy="${eyeY}" r="4"/><path d="M31 ${eyeY}h2"/></g>`,
    );
  if (blush) parts.push(`<circle cx="23.5" cy="36" r="2.2" fill="#ff8a8a" opacity=".45"/><circle cx="40.5" cy="36" r="2.2" fill="#ff8a8a" opacity=".45"/>`);
  if (mouth === 0) parts.push(`<path d="M28 37q4 4 8 0" stroke="#6b2e1e" stroke-width="1.6" fill="none" stroke-linecap="round"/>`);
  if (mouth === 1) parts.push(`<path d="M28 36.5h8a4 4 0 0 1-8 0z" fill="#6b2e1e"/>`);
  if (mouth === 2) parts.push(`<path d="M29 37.5q3 2 6 0" stroke="#6b2e1e" stroke-width="1.6" fill="none" stroke-linecap="round"/>`);
  parts.push(`</g>`);
  return svg(64, 64, parts.join(''), 'avatar');
}

// Club colour pairs: a primary and a trim.
const kitColours: ReadonlyArray<readonly [string, string]> = [
  ['#c8102e', '#ffffff'], ['#034694', '#ffffff'], ['#6cabdd', '#1c2c5b'], ['#ef0107', '#fdb913'],
  ['#132257', '#ffffff'], ['#fdb913', '#231f20'], ['#004d98', '#a50044'], ['#1a1a1a', '#ffffff'],
  ['#0068a8', '#101010'], ['#e30613', '#101010'], ['#dc052d', '#0066b2'], ['#fde100', '#101010'],
  ['#00529f', '#fee11a'], ['#7a263a', '#1bb1e7'], ['#008751', '#ffffff'], ['#5a2d82', '#f5a623'],
  ['#ff6a13', '#0b2240'], ['#00843d', '#ffd200'], ['#0a3161', '#c8102e'], ['#8b0000', '#d4af37'],
];

/** A team crest: a shield or roundel in two colours with the team's initials. */
export function crestSvg(name: string, seed: number): string {
  const r = rng(seed * 104729 + hashText(name));
  const [primary, trim] = pick(kitColours, r);
  const shape = Math.floor(r() * 3);
  const pattern = Math.floor(r() * 5);
  const outline =
    shape === 0
      ? 'M32 3 56 10v20c0 15-10 25-24 31C18 55 8 45 8 30V10z'
      : shape === 1
        ? 'M32 3a29 29 0 1 0 .01 0z'
        : 'M12 4h40l4 8v18c0 14-10 25-24 31C18 55 8 44 8 30V12z';
  const fills: string[] = [];
  if (pattern === 1) for (let x = 8; x < 60; x += 12) fills.push(`<rect x="${x}" y="0" width="6" height="64" fill="${trim}"/>`);
  if (pattern === 2) fills.push(`<rect x="32" y="0" width="32" height="64" fill="${trim}"/>`);
  if (pattern === 3) fills.push(`<path d="M0 14 32 34 64 14v10L32 44 0 24z" fill="${trim}"/>`);
  if (pattern === 4) fills.push(`<path d="M0 52 52 0h12L0 64z" fill="${trim}"/>`);
  const label = name.slice(0, 4);
  const size = label.length <= 2 ? 15 : label.length === 3 ? 11 : 8.5;
  const body = [
    `<defs><clipPath id="s"><path d="${outline}"/></clipPath></defs>`,
    `<path d="${outline}" fill="${primary}"/>`,
    `<g clip-path="url(#s)">${fills.join('')}<rect y="0" width="64" height="20" fill="#fff" opacity=".12"/></g>`,
    `<circle cx="32" cy="32" r="14" fill="#fff" stroke="${primary}" stroke-width="2"/>`,
    text(32, 32.5, size, primary === '#ffffff' ? trim : primary, label, ' letter-spacing="-.5"'),
    `<path d="${outline}" fill="none" stroke="${trim === '#ffffff' ? '#0b1f33' : trim}" stroke-width="2.5" stroke-linejoin="round"/>`,
  ];
  return svg(64, 64, body.join(''), `${label} crest`);
}

function sportGlyph(sport: Sport, cx: number, cy: number, s: number, colour: string): string {
  if (sport === 'football')
    return (
      `<g transform="translate(${cx} ${cy}) scale(${s})"><circle r="10" fill="#fff" stroke="${colour}" stroke-width="1.4"/>` +
      `<path d="M0-4 3.8-1.2 2.4 3.2h-4.8L-3.8-1.2z" fill="${colour}"/>` +
      `<path d="M0-4V-10M3.8-1.2 9.5-3M2.4 3.2 5.8 8M-2.4 3.2-5.8 8M-3.8-1.2-9.5-3" stroke="${colour}" stroke-width="1.2"/></g>`
    );
  if (sport === 'basketball')
    return (
      `<g transform="translate(${cx} ${cy}) scale(${s})"><circle r="10" fill="#f76b15" stroke="#7a2e00" stroke-width="1.2"/>` +
      `<path d="M-10 0h20M0-10v20M-7-7q5 7 0 14M7-7q-5 7 0 14" stroke="#7a2e00" stroke-width="1.1" fill="none"/></g>`
    );
  return (
    `<g transform="translate(${cx} ${cy}) scale(${s})"><rect x="-12" y="-7" width="24" height="14" rx="7" fill="${colour}"/>` +
    `<path d="M-7-1.5v3M-8.5 0h3" stroke="#fff" stroke-width="1.4" stroke-linecap="round"/>` +
    `<circle cx="6" cy="-1.5" r="1.3" fill="#fff"/><circle cx="8.5" cy="1" r="1.3" fill="#fff"/></g>`
  );
}

/** A league logo: a roundel with the competition's short code and its sport. */
export function leagueLogoSvg(code: string, sport: Sport, seed: number = hashText(code)): string {
  const r = rng(seed);
  const a = pick(palette, r);
  let b: string = pick(palette, r);
  if (b === a) b = '#0b1f33';
  const label = code.slice(0, 5);
  const size = label.length <= 3 ? 13 : label.length === 4 ? 11 : 9;
  const body = [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`,
    `<circle cx="32" cy="32" r="30" fill="url(#g)"/>`,
    `<circle cx="32" cy="32" r="25" fill="none" stroke="#fff" stroke-width="1.5" opacity=".6"/>`,
    sportGlyph(sport, 32, 22, 0.8, '#0b1f33'),
    `<rect x="10" y="36" width="44" height="16" rx="8" fill="#fff"/>`,
    text(32, 44.5, size, '#0b1f33', label),
  ];
  return svg(64, 64, body.join(''), `${label} logo`);
}

const gradients: ReadonlyArray<readonly [string, string]> = [
  ['#0f2027', '#2c5364'], ['#134e5e', '#71b280'], ['#1d2b64', '#f8cdda'], ['#141e30', '#243b55'],
  ['#3a1c71', '#d76d77'], ['#0b8793', '#360033'], ['#1f4037', '#99f2c8'], ['#2b5876', '#4e4376'],
  ['#c31432', '#240b36'], ['#0f0c29', '#302b63'], ['#e65c00', '#2b1055'], ['#004e92', '#000428'],
];

function coverMotif(motif: CoverMotif, r: () => number): string {
  const line = 'fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"';
  if (motif === 'football')
    return (
      `<g ${line}><rect x="14" y="14" width="292" height="152" rx="2"/><path d="M160 14v152"/><circle cx="160" cy="90" r="28"/>` +
      `<rect x="14" y="52" width="42" height="76"/><rect x="264" y="52" width="42" height="76"/>` +
      `<rect x="14" y="72" width="14" height="36"/><rect x="292" y="72" width="14" height="36"/></g>` +
      sportGlyph('football', 214 + Math.floor(r() * 40), 120, 2.6, '#1a1a1a')
    );
  if (motif === 'basketball')
    return (
      `<g ${line}><rect x="14" y="14" width="292" height="152" rx="2"/><path d="M160 14v152"/><circle cx="160" cy="90" r="24"/>` +
      `<path d="M14 40h40a50 50 0 0 1 0 100H14M306 40h-40a50 50 0 0 0 0 100h40"/><rect x="14" y="66" width="56" height="48"/><rect x="250" y="66" width="56" height="48"/></g>` +
      sportGlyph('basketball', 220 + Math.floor(r() * 30), 60, 2.8, '#000')
    );
  if (motif === 'esports') {
    const hexes: string[] = [];
    for (let row = 0; row < 5; row++)
      for (let col = 0; col < 9; col++) {
        if (r() < 0.55) continue;
        const x = col * 38 + (row % 2) * 19;
        const y = row * 33 + 10;
        hexes.push(`<path d="M${x} ${y}l16 -9 16 9v18l-16 9-16-9z" opacity="${(0.1 + r() * 0.3).toFixed(2)}"/>`);
      }
    return `<g fill="none" stroke="#7df9ff" stroke-width="1.5">${hexes.join('')}</g>` + sportGlyph('esports', 230, 100, 3.2, '#ff3d7f');
  }
  if (motif === 'news')
    return (
      `<g fill="#fff" fill-opacity=".85"><rect x="196" y="34" width="96" height="112" rx="6"/></g>` +
      `<g fill="#0b1f33" fill-opacity=".6"><rect x="208" y="48" width="72" height="10" rx="2"/><rect x="208" y="66" width="40" height="34" rx="2"/>` +
      `<rect x="254" y="66" width="26" height="4" rx="1"/><rect x="254" y="76" width="26" height="4" rx="1"/><rect x="254" y="86" width="26" height="4" rx="1"/>` +
      `<rect x="208" y="108" width="72" height="4" rx="1"/><rect x="208" y="118" width="72" height="4" rx="1"/><rect x="208" y="128" width="50" height="4" rx="1"/></g>` +
      sportGlyph(r() < 0.5 ? 'football' : 'basketball', 225, 83, 1.2, '#0b1f33')
    );
  if (motif === 'video')
    return (
      `<circle cx="160" cy="90" r="34" fill="#fff" fill-opacity=".22"/><circle cx="160" cy="90" r="26" fill="#fff" fill-opacity=".9"/>` +
      `<path d="M152 76v28l24-14z" fill="#0b1f33"/>` +
      `<g fill="#fff" fill-opacity=".3"><rect x="20" y="150" width="280" height="4" rx="2"/></g><rect x="20" y="150" width="${Math.floor(60 + r() * 180)}" height="4" rx="2" fill="#ff3d7f"/>`
    );
  if (motif === 'circle')
    return (
      `<g fill="#fff" fill-opacity=".2"><circle cx="90" cy="80" r="40"/><circle cx="150" cy="100" r="50"/><circle cx="220" cy="76" r="36"/></g>` +
      `<g fill="#fff" fill-opacity=".9"><rect x="120" y="60" width="80" height="40" rx="14"/><path d="M140 100l-6 14 18-14z"/></g>` +
      `<g fill="#0b1f33" fill-opacity=".6"><circle cx="144" cy="80" r="4"/><circle cx="160" cy="80" r="4"/><circle cx="176" cy="80" r="4"/></g>`
    );
  // banner: a stadium under floodlights
  const lights: string[] = [];
  for (const x of [40, 280])
    lights.push(
      `<path d="M${x} 20v70" stroke="#fff" stroke-opacity=".5" stroke-width="2"/><rect x="${x - 12}" y="14" width="24" height="10" rx="2" fill="#fff" fill-opacity=".9"/>` +
        `<path d="M${x - 12} 24 ${x - 70} 180h${140}L${x + 12} 24z" fill="#fff" fill-opacity=".07"/>`,
    );
  return (
    lights.join('') +
    `<path d="M0 130q160-40 320 0v50H0z" fill="#000" fill-opacity=".25"/><path d="M0 150q160-30 320 0v30H0z" fill="#2f9e44" fill-opacity=".7"/>` +
    sportGlyph('football', 282, 146, 1.3, '#1a1a1a')
  );
}

/** A 16:9 cover: a gradient with a sports motif, and the title when one is given. */
export function coverSvg(title: string, seed: number, motif: CoverMotif = 'football'): string {
  const r = rng(seed * 2654435761 + hashText(motif));
  const [a, b] = pick(gradients, r);
  const angle = Math.floor(r() * 4);
  const [x2, y2] = [
    [1, 1],
    [1, 0],
    [0, 1],
    [1, 0.5],
  ][angle] as [number, number];
  const parts = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
      `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient></defs>`,
    `<rect width="320" height="180" fill="url(#bg)"/>`,
    coverMotif(motif, r),
  ];
  const label = title.trim().slice(0, 24);
  if (label) {
    const size = label.length > 16 ? 15 : 19;
    parts.push(
      `<rect width="320" height="180" fill="url(#shade)"/>`,
      `<text x="18" y="158" font-family="${fontStack}" font-size="${size}" font-weight="700" fill="#fff">${esc(label)}</text>`,
    );
  }
  return svg(320, 180, parts.join(''), label || `${motif} cover`);
}

// Gifts: each a small picture of its own.
const giftArt: Record<string, string> = {
  glowstick:
    `<path d="M40 8 56 24 24 56 8 40z" fill="#b6f542" opacity=".25"/><rect x="27" y="6" width="10" height="46" rx="5" transform="rotate(45 32 32)" fill="#7cf542"/>` +
    `<rect x="29" y="10" width="3" height="36" rx="1.5" transform="rotate(45 32 32)" fill="#eaffd0"/><rect x="27" y="46" width="10" height="10" rx="2" transform="rotate(45 32 32)" fill="#2f6b1f"/>`,
  thumbs:
    `<circle cx="32" cy="32" r="28" fill="#ffd43b"/><path d="M20 30h7v20h-7zM29 30l7-12c2-3 6-2 6 2l-1 8h8c3 0 5 3 4 6l-4 12c-1 3-3 4-6 4H29z" fill="#fff" stroke="#c98a00" stroke-width="2" stroke-linejoin="round"/>`,
  cola:
    `<path d="M24 10h16l-2 6c4 4 6 8 6 14v22c0 3-2 5-5 5H25c-3 0-5-2-5-5V30c0-6 2-10 6-14z" fill="#6b1d1d"/><rect x="24" y="6" width="16" height="6" rx="2" fill="#e5484d"/>` +
    `<rect x="20" y="32" width="24" height="12" fill="#e5484d"/><path d="M24 38q8-6 16 0" stroke="#fff" stroke-width="2" fill="none"/><path d="M27 18q-4 6-4 14" stroke="#fff" stroke-opacity=".4" stroke-width="2" fill="none"/>`,
  rose:
    `<path d="M32 34v24" stroke="#2f9e44" stroke-width="3"/><path d="M32 48q-10-2-12-10 10 0 12 8zM32 44q10-2 12-10-10 0-12 8z" fill="#46a758"/>` +
    `<path d="M20 20c0-8 8-12 12-8 4-4 12 0 12 8 0 10-8 16-12 16s-12-6-12-16z" fill="#e5484d"/><path d="M26 20c2-4 10-4 12 0-2 6-10 6-12 0z" fill="#b3262c"/><path d="M28 16q4 6 8 0" stroke="#ff8f94" stroke-width="1.5" fill="none"/>`,
  football: sportGlyph('football', 32, 32, 2.6, '#1a1a1a'),
  whistle:
    `<path d="M10 28a14 14 0 1 0 26 8h18V24H24a14 14 0 0 0-14 4z" fill="#adb5bd"/><circle cx="22" cy="36" r="8" fill="#e9ecef"/><rect x="44" y="20" width="10" height="6" rx="2" fill="#6c757d"/>` +
    `<path d="M14 22 8 14" stroke="#ff3d7f" stroke-width="3" stroke-linecap="round"/>`,
  beer:
    `<rect x="14" y="18" width="28" height="38" rx="4" fill="#ffb224"/><path d="M42 26h6a4 4 0 0 1 4 4v12a4 4 0 0 1-4 4h-6" fill="none" stroke="#e8a317" stroke-width="4"/>` +
    `<path d="M12 20a6 6 0 0 1 6-10 7 7 0 0 1 12-2 7 7 0 0 1 12 4 5 5 0 0 1 2 8z" fill="#fff"/><path d="M21 28v20M28 28v20M35 28v20" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>`,
  goldenball:
    `<circle cx="32" cy="32" r="26" fill="#ffd43b"/><circle cx="32" cy="32" r="26" fill="none" stroke="#c98a00" stroke-width="2"/>` +
    `<path d="M32 20l8 6-3 10H27l-3-10z" fill="#c98a00"/><path d="M32 20V8M40 26l11-4M37 36l7 10M27 36l-7 10M24 26l-11-4" stroke="#c98a00" stroke-width="2"/><circle cx="24" cy="20" r="5" fill="#fff" opacity=".5"/>`,
  trophy:
    `<path d="M20 8h24v14a12 12 0 0 1-24 0z" fill="#ffc53d"/><path d="M20 12h-8v4a9 9 0 0 0 9 9M44 12h8v4a9 9 0 0 1-9 9" fill="none" stroke="#ffc53d" stroke-width="3"/>` +
    `<rect x="29" y="33" width="6" height="10" fill="#e8a317"/><rect x="20" y="43" width="24" height="6" rx="2" fill="#e8a317"/><rect x="16" y="49" width="32" height="7" rx="2" fill="#8d5524"/><path d="M26 12v10" stroke="#fff" stroke-opacity=".6" stroke-width="3" stroke-linecap="round"/>`,
  car:
    `<path d="M6 40l6-10 12-6h16l10 8 8 2v10H6z" fill="#e5484d"/><path d="M24 26h14l8 6H20z" fill="#cde8ff"/><circle cx="18" cy="44" r="6" fill="#222"/><circle cx="46" cy="44" r="6" fill="#222"/>` +
    `<circle cx="18" cy="44" r="2.5" fill="#bbb"/><circle cx="46" cy="44" r="2.5" fill="#bbb"/><rect x="54" y="36" width="4" height="3" fill="#ffd43b"/>`,
  yacht:
    `<path d="M6 40h52l-8 12H14z" fill="#fff" stroke="#0d74ce" stroke-width="2"/><path d="M14 40V30h28l8 10" fill="#e9f3ff" stroke="#0d74ce" stroke-width="2"/><rect x="20" y="33" width="18" height="4" rx="1" fill="#0d74ce"/>` +
    `<path d="M32 30V10l14 20z" fill="#ffb224"/><path d="M2 56q8-4 15 0t15 0 15 0 15 0" stroke="#00a2c7" stroke-width="3" fill="none"/>`,
  rocket:
    `<path d="M32 4c10 8 14 20 12 34H20C18 24 22 12 32 4z" fill="#e9ecef"/><circle cx="32" cy="22" r="5" fill="#0090ff" stroke="#5b6b7c" stroke-width="2"/>` +
    `<path d="M20 30l-8 12 8 2zM44 30l8 12-8 2z" fill="#e5484d"/><path d="M24 38h16l-4 8h-8z" fill="#5b6b7c"/><path d="M28 46q4 14 8 0z" fill="#ff8c00"/><path d="M30 46q2 8 4 0z" fill="#ffd43b"/>`,
  castle:
    `<path d="M8 58V26h8v6h6v-6h8v6h4v-6h8v6h6v-6h8v32z" fill="#8e4ec6"/><path d="M26 58V44a6 6 0 0 1 12 0v14z" fill="#3a1d5c"/>` +
    `<path d="M12 26 16 12l4 14M44 26l4-14 4 14" fill="#ffd43b"/><path d="M28 20V6h2l8 4-8 4" fill="#ff3d7f"/><rect x="13" y="36" width="4" height="6" fill="#ffd43b"/><rect x="47" y="36" width="4" height="6" fill="#ffd43b"/>`,
};

/** The gifts and their pictures, in price order. */
export const giftKinds = Object.keys(giftArt);

export function giftSvg(kind: string): string | null {
  const art = giftArt[kind];
  if (!art) return null;
  return svg(64, 64, art, kind);
}

/**
 * A gift's effect as an animated picture (SMIL, no script): the gift swells in, turns a little and
 * glows among rays, over and over; the room's effect layer decides how long it stays.
 */
export function giftEffectSvg(kind: string): string | null {
  const art = giftArt[kind];
  if (!art) return null;
  const rays = Array.from({ length: 12 }, (_, i) => `<path d="M64 64 L${64 + 60 * Math.cos((i * Math.PI) / 6)} ${64 + 60 * Math.sin((i * Math.PI) / 6)}" />`).join('');
  return svg(
    128,
    128,
    `<defs><radialGradient id="glow"><stop offset="0" stop-color="#ffd43b" stop-opacity=".9"/><stop offset="1" stop-color="#ffd43b" stop-opacity="0"/></radialGradient></defs>` +
      `<circle cx="64" cy="64" r="60" fill="url(#glow)"><animate attributeName="r" values="40;62;40" dur="1.6s" repeatCount="indefinite"/></circle>` +
      `<g stroke="#fff3bf" stroke-width="3" stroke-linecap="round" opacity=".8">${rays}` +
      `<animateTransform attributeName="transform" type="rotate" from="0 64 64" to="360 64 64" dur="6s" repeatCount="indefinite"/></g>` +
      `<g><g transform="translate(32 32)">${art}</g>` +
      `<animateTransform attributeName="transform" type="scale" values="0.6;1.05;1" keyTimes="0;0.6;1" dur="0.6s" fill="freeze" additive="sum"/>` +
      `<animateTransform attributeName="transform" type="rotate" values="-6 64 64;6 64 64;-6 64 64" dur="1.2s" repeatCount="indefinite" additive="sum"/></g>`,
    `${kind} effect`,
  );
}

// Icons: a glyph on a coloured tile, for tasks, pay channels, goods and categories.
const glyphs: Record<string, string> = {
  eye: `<path d="M10 32q22-24 44 0-22 24-44 0z" fill="#fff"/><circle cx="32" cy="32" r="7" fill="currentColor"/>`,
  chat: `<path d="M12 16h40v24H30l-10 8v-8h-8z" fill="#fff"/><path d="M20 26h24M20 32h16" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>`,
  heart: `<path d="M32 50S12 38 12 24a10 10 0 0 1 20-3 10 10 0 0 1 20 3c0 14-20 26-20 26z" fill="#fff"/>`,
  share: `<g fill="#fff"><circle cx="44" cy="18" r="6"/><circle cx="20" cy="32" r="6"/><circle cx="44" cy="46" r="6"/></g><path d="M44 18 20 32l24 14" stroke="#fff" stroke-width="3" fill="none"/>`,
  gift: `<rect x="14" y="26" width="36" height="26" rx="3" fill="#fff"/><rect x="11" y="20" width="42" height="9" rx="2" fill="#fff"/><path d="M32 20v32" stroke="currentColor" stroke-width="4"/><path d="M32 20q-12-12-14-2 0 2 14 2 14 0 14-2-2-10-14 2" fill="none" stroke="#fff" stroke-width="3"/>`,
  wallet: `<rect x="10" y="18" width="44" height="30" rx="5" fill="#fff"/><rect x="36" y="28" width="18" height="10" rx="3" fill="currentColor"/><circle cx="42" cy="33" r="2" fill="#fff"/>`,
  shield: `<path d="M32 10 50 16v14c0 12-8 20-18 24-10-4-18-12-18-24V16z" fill="#fff"/><path d="M24 32l6 6 11-12" stroke="currentColor" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  scan: `<path d="M14 24v-10h10M40 14h10v10M50 40v10H40M24 50H14V40" stroke="#fff" stroke-width="4" fill="none"/><path d="M14 32h36" stroke="#fff" stroke-width="3"/>`,
  jersey: `<path d="M22 12l-12 8 5 10 5-3v25h24V27l5 3 5-10-12-8c-2 4-6 6-10 6s-8-2-10-6z" fill="#fff"/><text x="32" y="40" font-family="${fontStack}" font-size="12" font-weight="800" fill="currentColor" text-anchor="middle">10</text>`,
  bottle: `<rect x="22" y="18" width="20" height="36" rx="6" fill="#fff"/><rect x="26" y="10" width="12" height="8" rx="2" fill="#fff"/><rect x="22" y="30" width="20" height="8" fill="currentColor" opacity=".5"/>`,
  card: `<rect x="10" y="18" width="44" height="28" rx="4" fill="#fff"/><rect x="10" y="24" width="44" height="6" fill="currentColor" opacity=".6"/><rect x="16" y="36" width="14" height="4" rx="2" fill="currentColor" opacity=".6"/>`,
  phone: `<rect x="20" y="8" width="24" height="48" rx="5" fill="#fff"/><rect x="23" y="14" width="18" height="32" rx="1" fill="currentColor" opacity=".35"/><circle cx="32" cy="51" r="2.5" fill="currentColor"/>`,
  crown: `<path d="M10 46 14 20l10 10 8-16 8 16 10-10 4 26z" fill="#fff"/><rect x="10" y="46" width="44" height="6" rx="2" fill="#fff"/>`,
  frame: `<circle cx="32" cy="32" r="20" fill="none" stroke="#fff" stroke-width="6"/><path d="M32 6l4 6h-8zM32 58l4-6h-8zM6 32l6 4v-8zM58 32l-6 4v-8z" fill="#fff"/>`,
  ball: sportGlyph('football', 32, 32, 2, '#1a1a1a'),
  hoop: sportGlyph('basketball', 32, 32, 2, '#000'),
  pad:
    `<rect x="10" y="20" width="44" height="24" rx="12" fill="#fff"/><path d="M20 28v8M16 32h8" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>` +
    `<circle cx="42" cy="29" r="2.5" fill="currentColor"/><circle cx="47" cy="35" r="2.5" fill="currentColor"/>`,
  goal: `<path d="M8 50V16h48v34" fill="none" stroke="#fff" stroke-width="4"/><path d="M14 22h36M14 30h36M14 38h36M22 16v34M32 16v34M42 16v34" stroke="#fff" stroke-opacity=".4" stroke-width="1.5"/>${sportGlyph('football', 42, 42, 0.9, '#1a1a1a')}`,
  mic: `<rect x="24" y="8" width="16" height="28" rx="8" fill="#fff"/><path d="M16 30a16 16 0 0 0 32 0M32 46v10M24 56h16" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  chart: `<path d="M12 52h40" stroke="#fff" stroke-width="4"/><rect x="16" y="34" width="8" height="16" fill="#fff"/><rect x="28" y="24" width="8" height="26" fill="#fff"/><rect x="40" y="14" width="8" height="36" fill="#fff"/>`,
  laugh: `<circle cx="32" cy="32" r="22" fill="#fff"/><path d="M22 26q3-4 6 0M36 26q3-4 6 0" stroke="currentColor" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M20 34h24a12 12 0 0 1-24 0z" fill="currentColor"/>`,
  news: `<rect x="12" y="12" width="40" height="40" rx="4" fill="#fff"/><path d="M18 22h28M18 30h12M18 38h28M18 46h20" stroke="currentColor" stroke-width="3" stroke-linecap="round"/><rect x="34" y="27" width="12" height="7" fill="currentColor"/>`,
  coin: `<circle cx="32" cy="32" r="22" fill="#ffd43b" stroke="#fff" stroke-width="3"/><text x="32" y="33" font-family="${fontStack}" font-size="20" font-weight="800" fill="#c98a00" text-anchor="middle" dominant-baseline="central">¥</text>`,
  horn: `<path d="M12 26h8l22-12v36L20 38h-8z" fill="#fff"/><path d="M20 38l4 14h6l-3-14" fill="#fff"/><path d="M48 24q6 8 0 16" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  flask: `<path d="M26 10h12M28 10v14L16 48a4 4 0 0 0 4 6h24a4 4 0 0 0 4-6L36 24V10" fill="#fff" stroke="#fff" stroke-width="2"/><path d="M20 44h24l3 6H17z" fill="currentColor" opacity=".6"/>`,
};

const iconTiles: Record<string, readonly [glyph: string, colour: string]> = {
  'task-watch': ['eye', '#0090ff'],
  'task-barrage': ['chat', '#12a594'],
  'task-follow': ['heart', '#e5484d'],
  'task-share': ['share', '#8e4ec6'],
  'task-gift': ['gift', '#f76b15'],
  'pay-sandbox': ['flask', '#12a594'],
  'pay-alipay': ['wallet', '#1677ff'],
  'pay-wechat': ['chat', '#07c160'],
  'pay-bank': ['card', '#5b6b7c'],
  'goods-jersey': ['jersey', '#e5484d'],
  'goods-bottle': ['bottle', '#0d74ce'],
  'goods-card': ['card', '#8e4ec6'],
  'goods-ball': ['ball', '#30a46c'],
  'goods-phone': ['phone', '#3e63dd'],
  'goods-vip': ['crown', '#ffb224'],
  'goods-frame': ['frame', '#d6409f'],
  'goods-gift': ['gift', '#e54666'],
  'goods-horn': ['horn', '#f76b15'],
  'cat-football': ['ball', '#30a46c'],
  'cat-basketball': ['hoop', '#f76b15'],
  'cat-esports': ['pad', '#6e56cf'],
  'cat-goal': ['goal', '#12a594'],
  'cat-anchor': ['mic', '#d6409f'],
  'cat-analysis': ['chart', '#3e63dd'],
  'cat-funny': ['laugh', '#ffb224'],
  'cat-news': ['news', '#5b6b7c'],
  'circle-football': ['ball', '#30a46c'],
  'circle-basketball': ['hoop', '#f76b15'],
  'circle-esports': ['pad', '#6e56cf'],
  'circle-chat': ['chat', '#0090ff'],
  'circle-analysis': ['chart', '#e5484d'],
  'circle-cn': ['shield', '#c8102e'],
  coins: ['coin', '#f76b15'],
  guard: ['shield', '#0090ff'],
  nobility: ['crown', '#8e4ec6'],
  scan: ['scan', '#0b1f33'],
};

export const iconKinds = Object.keys(iconTiles);

export function iconSvg(kind: string): string | null {
  const tile = iconTiles[kind];
  if (!tile) return null;
  const [glyph, colour] = tile;
  const body =
    `<rect width="64" height="64" rx="14" fill="${colour}"/><rect width="64" height="32" rx="14" fill="#fff" opacity=".1"/>` +
    `<g color="${colour}">${glyphs[glyph] ?? ''}</g>`;
  return svg(64, 64, body, kind);
}

const levelBands = [
  { upTo: 10, a: '#46a758', b: '#2f7d3d' },
  { upTo: 20, a: '#0090ff', b: '#0d5fb8' },
  { upTo: 30, a: '#8e4ec6', b: '#5b2a8a' },
  { upTo: 40, a: '#f76b15', b: '#b34a05' },
  { upTo: 50, a: '#e5484d', b: '#9c1d22' },
  { upTo: Infinity, a: '#ffb224', b: '#a86b00' },
] as const;

const badgeGlyphs: Record<BadgeKind, string> = {
  wealth: `<path d="M11 3.5l2 4.2 4.5.6-3.3 3.1.8 4.5L11 13.7l-4 2.2.8-4.5-3.3-3.1 4.5-.6z" fill="#fff"/>`,
  anchor: `<rect x="8.5" y="3" width="5" height="9" rx="2.5" fill="#fff"/><path d="M6 10a5 5 0 0 0 10 0M11 15v3" stroke="#fff" stroke-width="1.6" fill="none"/>`,
  noble: `<path d="M4 15 5.5 6l3.5 3.5L11 4l2 5.5L16.5 6 18 15z" fill="#fff"/>`,
  guard: `<path d="M11 3l6 2v5c0 4-3 6.5-6 8-3-1.5-6-4-6-8V5z" fill="#fff"/>`,
};

const nobleNames = ['骑士', '子爵', '伯爵', '侯爵', '公爵', '国王', '皇帝'] as const;
const guardNames = ['白银', '黄金', '钻石'] as const;

/** A level badge: a pill with a glyph and the level (wealth, anchor) or the rank (noble, guard). */
export function levelIconSvg(level: number, kind: BadgeKind = 'wealth'): string {
  const band =
    kind === 'noble'
      ? levelBands[Math.min(5, level - 1)]!
      : kind === 'guard'
        ? levelBands[[1, 5, 2][level - 1] ?? 1]!
        : levelBands.find((b) => level <= b.upTo)!;
  const label =
    kind === 'noble' ? (nobleNames[level - 1] ?? `N${level}`) : kind === 'guard' ? (guardNames[level - 1] ?? `G${level}`) : `${level}`;
  const width = kind === 'noble' || kind === 'guard' ? 48 : level >= 10 ? 40 : 34;
  const body =
    `<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${band.a}"/><stop offset="1" stop-color="${band.b}"/></linearGradient></defs>` +
    `<rect width="${width}" height="20" rx="10" fill="url(#l)"/><rect x="1" y="1" width="${width - 2}" height="9" rx="4.5" fill="#fff" opacity=".18"/>` +
    badgeGlyphs[kind] +
    `<text x="${(width + 20) / 2}" y="10.5" font-family="${fontStack}" font-size="${kind === 'noble' || kind === 'guard' ? 10 : 11}" ` +
    `font-weight="800" fill="#fff" text-anchor="middle" dominant-baseline="central">${esc(label)}</text>`;
  return svg(width, 20, body, `${kind} ${label}`);
}

/** The sizes the badge kinds are drawn for; other levels are refused by the routes. */
export const badgeLimits: Record<BadgeKind, number> = { wealth: 60, anchor: 40, noble: 7, guard: 3 };
