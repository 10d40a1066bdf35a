// Writes the chat's 142 emoji images (public/emoji/<n>.svg) and the default group picture: faces drawn from a
// few colours, eyes and mouths, so every emoji has its own look without art licensed from elsewhere.
// Run with `npx tsx scripts/generate-emoji-art.ts`; the files are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { emojiNames } from '../src/ui/emoji-table.ts';

const faces = ['#ffcc4d', '#ffb347', '#f4a6c0', '#9fd5ff', '#b7e4a0', '#d6b4ff'];
const eyes = [
  '<circle cx="12" cy="14" r="2.2"/><circle cx="24" cy="14" r="2.2"/>',
  '<path d="M9 15q3-4 6 0M21 15q3-4 6 0" fill="none" stroke="#5b3a1a" stroke-width="1.8" stroke-linecap="round"/>',
  '<path d="M9 14h6M21 14h6" stroke="#5b3a1a" stroke-width="1.8" stroke-linecap="round"/>',
  '<ellipse cx="12" cy="14" rx="2" ry="3"/><ellipse cx="24" cy="14" rx="2" ry="3"/><circle cx="12.6" cy="13" r=".8" fill="#fff"/><circle cx="24.6" cy="13" r=".8" fill="#fff"/>',
];
const mouths = [
  '<path d="M11 22q7 6 14 0" fill="none" stroke="#5b3a1a" stroke-width="1.8" stroke-linecap="round"/>',
  '<path d="M11 21q7 9 14 0z" fill="#7a2b1a"/>',
  '<path d="M12 24h12" stroke="#5b3a1a" stroke-width="1.8" stroke-linecap="round"/>',
  '<path d="M11 26q7-6 14 0" fill="none" stroke="#5b3a1a" stroke-width="1.8" stroke-linecap="round"/>',
  '<circle cx="18" cy="24" r="3" fill="#7a2b1a"/>',
  '<path d="M11 22q7 6 14 0" fill="none" stroke="#5b3a1a" stroke-width="1.8" stroke-linecap="round"/><path d="M16 24q2 5 4 0z" fill="#e0245e"/>',
];

function face(index: number, name: string): string {
  const colour = faces[index % faces.length];
  const eye = eyes[Math.floor(index / faces.length) % eyes.length];
  const mouth = mouths[Math.floor(index / (faces.length * eyes.length)) % mouths.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36" width="36" height="36" role="img" aria-label="[${name}]"><circle cx="18" cy="18" r="17" fill="${colour}" stroke="#00000022"/><g fill="#5b3a1a">${eye}</g>${mouth}</svg>\n`;
}

const directory = new URL('../public/emoji/', import.meta.url);
mkdirSync(directory, { recursive: true });
emojiNames.forEach((name, index) => writeFileSync(new URL(`${String(index + 1)}.svg`, directory), face(index, name)));
writeFileSync(
  new URL('group.svg', directory),
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48"><rect width="48" height="48" rx="10" fill="#2f7de1"/><circle cx="18" cy="19" r="6" fill="#fff"/><circle cx="31" cy="21" r="5" fill="#cfe2ff"/><path d="M7 38q11-14 22 0z" fill="#fff"/><path d="M25 38q7-11 16 0z" fill="#cfe2ff"/></svg>\n',
);
writeFileSync(
  new URL('red-envelope.svg', directory),
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 64" width="48" height="64"><rect width="48" height="64" rx="6" fill="#d7261e"/><path d="M0 6q24 22 48 0v-0z" fill="#b71c14"/><circle cx="24" cy="24" r="8" fill="#f7c948"/><text x="24" y="28" font-size="10" text-anchor="middle" fill="#b71c14" font-family="sans-serif">福</text></svg>\n',
);
console.log(`emoji art: ${String(emojiNames.length)} faces and the group picture in public/emoji/`);
