#!/usr/bin/env node
// Makes the demo rooms' clips (server/media/clips/<clip>/<quality>/<n>.mpegts and manifest.json) with
// ffmpeg from generated pictures only: no input files, no network. Run once by hand, after
// `apt-get install ffmpeg fonts-dejavu-core`, and commit the result; `npm start` and `npm test`
// serve the committed files and never need ffmpeg.
//
//   node scripts/make-demo-clips.mjs [clip ...]      (default: every clip)
//
// Every motion is periodic with the clip's length, so the last frame runs into the first and the
// server can loop the clip as a live stream (server/media/hls-playlists.ts). Segments are exactly
// 1 s (a key frame each second, 25 frames a segment) and aligned across the four renditions of
// SPEC §9, so a player can switch quality at any segment. The files are named .mpegts, not .ts, so
// TypeScript and the linters never take them for sources; the server names them .ts in its URLs. No audio: the rooms autoplay muted, and a
// silent track would only add bytes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outRoot = fileURLToPath(new URL('../server/media/clips/', import.meta.url));
const seconds = 8;
const fps = 25;
const fontBold = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const fontCondensed = '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf';

/** SPEC §9's qualities, best first; bitrates kept low so the clips stay a few MB in all. */
const renditions = [
  { quality: 'original', width: 1280, height: 720, maxrate: 900, level: '3.1' },
  { quality: 'high_definition', width: 960, height: 540, maxrate: 600, level: '3.1' },
  { quality: 'standard', width: 640, height: 360, maxrate: 350, level: '3.0' },
  { quality: 'smooth', width: 426, height: 240, maxrate: 180, level: '3.0' },
];

const W = 1920; // the scene is drawn wider than the picture; the camera pans across it
const H = 720;
const tau = `(2*PI*t/${seconds})`; // one turn per clip: periodic motion loops seamlessly

// ------------------------------------------------------------------ drawing helpers (geq, drawtext)

/** A geq expression that is 1 on the outline of a rectangle. */
function rectLine(x0, y0, x1, y1, half = 2) {
  return (
    `(between(Y,${y0 - half},${y1 + half})*(lt(abs(X-${x0}),${half})+lt(abs(X-${x1}),${half}))` +
    `+between(X,${x0 - half},${x1 + half})*(lt(abs(Y-${y0}),${half})+lt(abs(Y-${y1}),${half})))`
  );
}
const circleLine = (cx, cy, r, half = 2) => `lt(abs(hypot(X-${cx},Y-${cy})-${r}),${half})`;
const disc = (cx, cy, r) => `lt(hypot(X-${cx},Y-${cy}),${r})`;
const box = (x0, y0, x1, y1) => `between(X,${x0},${x1})*between(Y,${y0},${y1})`;

/** A still picture: r, g, b expressions over X and Y, one frame, written as PNG. */
function still(dir, name, width, height, { r, g, b }) {
  const file = join(dir, `${name}.png`);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=black:s=${width}x${height}:d=1,format=rgb24,geq=r='${r}':g='${g}':b='${b}'`,
    '-frames:v', '1', file,
  ]);
  return file;
}

function esc(text) {
  return text.replace(/\\/g, '\\\\').replace(/'/g, "\u2019").replace(/:/g, '\\:').replace(/%/g, '\\%');
}

function text(content, { x, y, size, color = 'white', font = fontBold, extra = '' }) {
  return `drawtext=fontfile=${font}:text='${esc(content)}':x=${x}:y=${y}:fontsize=${size}:fontcolor=${color}${extra ? `:${extra}` : ''}`;
}

/** The broadcast furniture every scene shares: channel bug, LIVE badge and a looping ticker. */
function furniture(ticker) {
  return [
    // top-right channel bug and LIVE badge
    'drawbox=x=1030:y=28:w=232:h=40:color=0x0b1220@0.72:t=fill',
    text('PITCHSIDE', { x: 1044, y: 37, size: 22, color: 'white' }),
    'drawbox=x=1196:y=34:w=58:h=28:color=0xe5484d:t=fill',
    text('LIVE', { x: 1203, y: 38, size: 18, font: fontCondensed }),
    // bottom ticker: the text drawn twice, one text width apart, moving one width a clip; padded
    // with no-break spaces because drawtext's tw leaves out plain spaces at either end
    'drawbox=x=0:y=672:w=1280:h=48:color=0x0b1220@0.82:t=fill',
    'drawbox=x=0:y=672:w=1280:h=3:color=0xffb224:t=fill',
    text(`\u00a0\u00a0\u00a0${ticker.trim()}\u00a0\u00a0\u00a0`, { x: `-tw*t/${seconds}`, y: 686, size: 20, color: '0xe8edf5', font: fontCondensed }),
    text(`\u00a0\u00a0\u00a0${ticker.trim()}\u00a0\u00a0\u00a0`, { x: `tw-tw*t/${seconds}`, y: 686, size: 20, color: '0xe8edf5', font: fontCondensed }),
  ];
}

/** A scoreboard in the top-left corner. */
function scoreboard({ home, away, homeColor, awayColor, score, clock, extra }) {
  const parts = [
    'drawbox=x=28:y=28:w=380:h=44:color=0x0b1220@0.85:t=fill',
    `drawbox=x=28:y=28:w=8:h=44:color=${homeColor}:t=fill`,
    `drawbox=x=226:y=28:w=8:h=44:color=${awayColor}:t=fill`,
    text(home, { x: 46, y: 38, size: 24 }),
    'drawbox=x=112:y=28:w=104:h=44:color=0xf2f4f8:t=fill',
    text(score, { x: '164-tw/2', y: 38, size: 24, color: '0x0b1220' }),
    text(away, { x: 244, y: 38, size: 24 }),
    'drawbox=x=312:y=28:w=96:h=44:color=0x30a46c:t=fill',
    text(clock, { x: '360-tw/2', y: 38, size: 24 }),
  ];
  if (extra) {
    parts.push('drawbox=x=28:y=72:w=380:h=28:color=0x0b1220@0.65:t=fill', text(extra, { x: 40, y: 78, size: 16, color: '0xc9d3e3', font: fontCondensed }));
  }
  return parts;
}

/** Players as round sprites overlaid on the scene, each on a periodic path around its place. */
function playersGraph(players, first) {
  const chains = [];
  const used = {};
  let last = first;
  players.forEach((p, i) => {
    const k = p.k ?? 1;
    const n = (used[p.sprite] = (used[p.sprite] ?? -1) + 1);
    const x = `${p.x}+${p.ax}*sin(${k}*${tau}+${p.ph})-${p.size / 2}`;
    const y = `${p.y}+${p.ay}*sin(${k}*${tau}+${p.ph + 1.3})-${p.size / 2}`;
    chains.push(`[${last}][${p.sprite}${n}]overlay=x='${x}':y='${y}':eval=frame[p${i}]`);
    last = `p${i}`;
  });
  return { chains, last };
}

/** Round sprites: `count` copies of a filled circle with a rim, as rgba. */
function sprites(label, count, size, rgb, rim = [255, 255, 255]) {
  const c = (size - 1) / 2;
  const r = size / 2 - 0.5;
  const inside = `lt(hypot(X-${c},Y-${c}),${r - 2})`;
  const ring = `lt(hypot(X-${c},Y-${c}),${r})`;
  const pick = (i) => `if(${inside},${rgb[i]},${rim[i]})`;
  const outs = Array.from({ length: count }, (_, i) => `[${label}${i}]`).join('');
  return (
    `color=c=black:s=${size}x${size}:d=${seconds}:r=${fps},format=rgba,` +
    `geq=r='${pick(0)}':g='${pick(1)}':b='${pick(2)}':a='255*${ring}',split=${count}${outs}`
  );
}

function spread(n, fn) {
  return Array.from({ length: n }, (_, i) => fn(i));
}

// ------------------------------------------------------------------------------------------- scenes

function football(dir) {
  const L = 120; // touch lines
  const R = W - 120;
  const T = 70;
  const B = H - 70;
  const mid = W / 2;
  const lines = [
    rectLine(L, T, R, B),
    `lt(abs(X-${mid}),2)*between(Y,${T},${B})`,
    circleLine(mid, H / 2, 92),
    disc(mid, H / 2, 5),
    rectLine(L, 190, L + 230, B - 120),
    rectLine(R - 230, 190, R, B - 120),
    rectLine(L, 280, L + 80, B - 210),
    rectLine(R - 80, 280, R, B - 210),
    disc(L + 160, H / 2, 4),
    disc(R - 160, H / 2, 4),
  ].join('+');
  const onPitch = box(L - 40, T - 40, R + 40, B + 40);
  const stripe = `mod(floor((X-${L})/120),2)`;
  const board = `lt(Y,26)+gt(Y,${H - 26})`; // advertising boards
  const boardColour = (c1, c2) => `if(mod(floor(X/240),2),${c1},${c2})`;
  const pitch = still(dir, 'pitch', W, H, {
    r: `if(${board},${boardColour(229, 13)},if(gt(${lines},0)*${onPitch},236,if(${onPitch},if(${stripe},46,56),22)))`,
    g: `if(${board},${boardColour(72, 116)},if(gt(${lines},0)*${onPitch},242,if(${onPitch},if(${stripe},125,142),58)))`,
    b: `if(${board},${boardColour(77, 206)},if(gt(${lines},0)*${onPitch},236,if(${onPitch},if(${stripe},50,58),30)))`,
  });
  const formation = [
    [L + 40, H / 2], [L + 250, 180], [L + 240, 300], [L + 240, 420], [L + 250, 540],
    [L + 520, 220], [L + 500, 360], [L + 520, 500], [mid - 120, 160], [mid - 60, 360], [mid - 120, 560],
  ];
  const players = [
    ...formation.map(([x, y], i) => ({ sprite: 'h', x: x + 140, y, ax: i === 0 ? 10 : 70 + (i % 3) * 25, ay: 40 + (i % 4) * 12, ph: i * 0.9, size: 22, k: 1 })),
    ...formation.map(([x, y], i) => ({ sprite: 'a', x: W - x - 60, y: H - y, ax: i === 0 ? 10 : 60 + (i % 3) * 30, ay: 35 + (i % 4) * 14, ph: i * 1.7 + 0.4, size: 22, k: 1 })),
  ];
  // the ball crosses the pitch and back once a clip; the camera follows it
  const ballX = `${mid}+560*sin(${tau})`;
  const ballY = `${H / 2}+150*sin(2*${tau}+0.6)`;
  return {
    pitch,
    sprites: [sprites('h', 11, 22, [225, 29, 72]), sprites('a', 11, 22, [248, 250, 252], [14, 42, 110]), sprites('ball', 1, 14, [255, 255, 255], [30, 30, 30])],
    players,
    ball: { x: ballX, y: ballY, size: 14 },
    camera: `max(0,min(${W - 1280},${ballX}-640))`,
    overlay: [
      ...scoreboard({ home: 'PTS', away: 'RIV', homeColor: '0xe11d48', awayColor: '0x0e2a6e', score: '1 - 0', clock: "63'", extra: 'Premier Division  ·  Matchday 14' }),
      ...furniture('     FULL TIME  Harbour City 2-2 Northbridge   ·   HT  Real Costa 0-1 Atletico Sur   ·   63\'  Pitchside Utd 1-0 River Athletic   ·   NEXT  Lions vs Eagles 20:45   ·'),
    ],
  };
}

function basketball(dir) {
  const L = 140;
  const R = W - 140;
  const T = 60;
  const B = H - 60;
  const mid = W / 2;
  const cy = H / 2;
  const lines = [
    rectLine(L, T, R, B, 3),
    `lt(abs(X-${mid}),3)*between(Y,${T},${B})`,
    circleLine(mid, cy, 80, 3),
    rectLine(L, cy - 100, L + 250, cy + 100, 3),
    rectLine(R - 250, cy - 100, R, cy + 100, 3),
    circleLine(L + 250, cy, 80, 3) + `*gt(X,${L + 250})`,
    circleLine(R - 250, cy, 80, 3) + `*lt(X,${R - 250})`,
    // three-point arcs
    `${circleLine(L + 60, cy, 330, 3)}*gt(X,${L + 60})`,
    `${circleLine(R - 60, cy, 330, 3)}*lt(X,${R - 60})`,
  ].join('+');
  const key = `(${box(L, cy - 100, L + 250, cy + 100)}+${box(R - 250, cy - 100, R, cy + 100)}+${disc(mid, cy, 80)})`;
  const court = box(L, T, R, B);
  const plank = `(8*sin(Y/3.1)+6*sin(X/37+floor(Y/18)*2.7))`;
  const floor = (base) => `${base}+${plank}`;
  const hoop = `(${circleLine(L + 62, cy, 12, 2)}+${circleLine(R - 62, cy, 12, 2)})`;
  const board = `(lt(abs(X-${L + 44}),3)+lt(abs(X-${R - 44}),3))*between(Y,${cy - 45},${cy + 45})`;
  const pitch = still(dir, 'court', W, H, {
    r: `if(gt(${hoop},0),255,if(gt(${board},0),240,if(gt(${lines},0)*gt(${court}+1,0),244,if(${key},${floor(176)},if(${court},${floor(214)},30)))))`,
    g: `if(gt(${hoop},0),110,if(gt(${board},0),240,if(gt(${lines},0)*gt(${court}+1,0),244,if(${key},${floor(50)},if(${court},${floor(150)},34)))))`,
    b: `if(gt(${hoop},0),20,if(gt(${board},0),245,if(gt(${lines},0)*gt(${court}+1,0),244,if(${key},${floor(46)},if(${court},${floor(92)},48)))))`,
  });
  const spots = [[mid + 380, cy - 160], [mid + 460, cy + 140], [mid + 600, cy - 40], [mid + 250, cy + 20], [mid + 680, cy + 200]];
  const players = [
    ...spots.map(([x, y], i) => ({ sprite: 'h', x, y, ax: 60 + i * 12, ay: 50 + (i % 2) * 30, ph: i * 1.1, size: 28, k: 1 })),
    ...spots.map(([x, y], i) => ({ sprite: 'a', x: x + 60, y: y + 30, ax: 55 + i * 10, ay: 45 + (i % 2) * 25, ph: i * 1.1 + 0.5, size: 28, k: 1 })),
  ];
  const ballX = `${mid + 420}+260*sin(${tau})`;
  const ballY = `${cy}+150*sin(3*${tau}+0.4)`;
  return {
    pitch,
    sprites: [sprites('h', 5, 28, [250, 204, 21], [88, 28, 135]), sprites('a', 5, 28, [22, 101, 52], [240, 253, 244]), sprites('ball', 1, 16, [234, 105, 30], [60, 25, 10])],
    players,
    ball: { x: ballX, y: ballY, size: 16 },
    camera: `max(0,min(${W - 1280},${ballX}-700))`,
    overlay: [
      ...scoreboard({ home: 'LAK', away: 'BOS', homeColor: '0xfacc15', awayColor: '0x166534', score: '88 - 84', clock: 'Q3', extra: '4:12 left  ·  Shot clock 14  ·  Timeouts 2 / 3' }),
      ...furniture('     FINAL  Bay Runners 112-104 Capitals   ·   Q2  Metro Kings 51-49 Riverhawks   ·   Q3  Lakeside 88-84 Boston Harbor   ·   TONIGHT  Suns vs Storm 21:00   ·'),
    ],
  };
}

function esports(dir) {
  // a MOBA map seen from above: three lanes, a river, two bases
  const lane = (d) => `lt(abs(${d}),26)`;
  const top = `${lane('Y-110')}*lt(X,${W - 160})+${lane(`X-160`)}*gt(Y,110)`;
  const bottom = `${lane(`Y-${H - 110}`)}*gt(X,160)+${lane(`X-${W - 160}`)}*lt(Y,${H - 110})`;
  const midLane = lane(`(Y-${H - 110})+(X-160)*${(H - 220) / (W - 320)}`);
  const lanes = `gt(${top}+${bottom}+${midLane},0)`;
  const river = `lt(abs((Y-110)-(X-160)*${(H - 220) / (W - 320)}),40)`;
  const bases = `(${disc(160, H - 110, 90)}+${disc(W - 160, 110, 90)})`;
  const jungle = `(18*sin(X/23)*sin(Y/19)+10*sin((X+Y)/41))`;
  const pitch = still(dir, 'map', W, H, {
    r: `if(${disc(160, H - 110, 90)},40,if(${disc(W - 160, 110, 90)},150,if(${lanes},${`120+${jungle}`},if(${river},30,${`28+${jungle}`}))))`,
    g: `if(${disc(160, H - 110, 90)},120,if(${disc(W - 160, 110, 90)},40,if(${lanes},${`98+${jungle}`},if(${river},88,${`62+${jungle}`}))))`,
    b: `if(${disc(160, H - 110, 90)},220,if(${disc(W - 160, 110, 90)},50,if(${lanes},${`70+${jungle}`},if(${river},140,${`44+${jungle}`}))))`,
  });
  void bases;
  // units skirmish along the mid lane and at the river
  const along = (f) => [160 + f * (W - 320), H - 110 - f * (H - 220)];
  const blue = spread(6, (i) => {
    const [x, y] = along(0.38 + i * 0.025);
    return { sprite: 'h', x, y: y + (i % 2 ? 18 : -18), ax: 40, ay: 25, ph: i * 0.8, size: 18, k: 1 };
  });
  const red = spread(6, (i) => {
    const [x, y] = along(0.52 + i * 0.025);
    return { sprite: 'a', x, y: y + (i % 2 ? 18 : -18), ax: 40, ay: 25, ph: i * 0.8 + 2, size: 18, k: 1 };
  });
  const heroes = [
    { sprite: 'hb', x: along(0.45)[0], y: along(0.45)[1] - 60, ax: 140, ay: 70, ph: 0, size: 30, k: 1 },
    { sprite: 'hr', x: along(0.5)[0], y: along(0.5)[1] + 50, ax: 120, ay: 80, ph: 2.2, size: 30, k: 1 },
  ];
  const fightX = `${along(0.47)[0]}+180*sin(${tau})`;
  const fightY = `${along(0.47)[1]}+60*sin(2*${tau})`;
  return {
    pitch,
    sprites: [
      sprites('h', 6, 18, [56, 189, 248], [8, 47, 73]),
      sprites('a', 6, 18, [248, 113, 113], [69, 10, 10]),
      sprites('hb', 1, 30, [14, 165, 233], [224, 242, 254]),
      sprites('hr', 1, 30, [220, 38, 38], [254, 226, 226]),
      sprites('ball', 1, 14, [253, 224, 71], [113, 63, 18]),
    ],
    players: [...blue, ...red, ...heroes],
    ball: { x: fightX, y: fightY, size: 14 },
    camera: `max(0,min(${W - 1280},${fightX}-640))`,
    minimap: true,
    overlay: [
      // top HUD: kills, towers, gold, game clock
      'drawbox=x=400:y=0:w=480:h=62:color=0x0b1220@0.88:t=fill',
      'drawbox=x=400:y=0:w=8:h=62:color=0x0ea5e9:t=fill',
      'drawbox=x=872:y=0:w=8:h=62:color=0xdc2626:t=fill',
      text('AZURE', { x: 420, y: 8, size: 18, color: '0x7dd3fc' }),
      text('EMBER', { x: '860-tw', y: 8, size: 18, color: '0xfca5a5' }),
      text('12', { x: 528, y: 6, size: 34 }),
      text('9', { x: '752-tw', y: 6, size: 34 }),
      text('23:41', { x: '640-tw/2', y: 12, size: 22, color: '0xfde68a' }),
      text('38.2k gold   5 towers', { x: 420, y: 38, size: 14, color: '0xc9d3e3', font: fontCondensed }),
      text('34.9k gold   3 towers', { x: '860-tw', y: 38, size: 14, color: '0xc9d3e3', font: fontCondensed }),
      // team columns with player tags
      ...spread(5, (i) => `drawbox=x=0:y=${150 + i * 64}:w=150:h=56:color=0x0b1220@0.7:t=fill`),
      ...spread(5, (i) => `drawbox=x=1130:y=${150 + i * 64}:w=150:h=56:color=0x0b1220@0.7:t=fill`),
      ...['Nova', 'Kite', 'Orbit', 'Sable', 'Pike'].map((n, i) => text(n, { x: 12, y: 158 + i * 64, size: 18, color: '0x7dd3fc' })),
      ...['Ash', 'Drift', 'Volt', 'Rune', 'Hex'].map((n, i) => text(n, { x: 1142, y: 158 + i * 64, size: 18, color: '0xfca5a5' })),
      ...spread(5, (i) => `drawbox=x=12:y=${184 + i * 64}:w=${80 + ((i * 37) % 50)}:h=8:color=0x22c55e:t=fill`),
      ...spread(5, (i) => `drawbox=x=1142:y=${184 + i * 64}:w=${70 + ((i * 53) % 60)}:h=8:color=0x22c55e:t=fill`),
      ...furniture('     GRAND FINAL  Azure Dragons vs Ember Wolves  Game 3  ·  Series 1-1  ·  NEXT  Frost Giants vs Neon Owls 22:00  ·  MVP race: Nova 8/1/6   ·').map((f) =>
        // the channel bug moves below the HUD's corner
        f.replace('y=28:', 'y=74:').replace('y=34:', 'y=80:').replace(':y=37:', ':y=83:').replace(':y=38:', ':y=84:'),
      ),
    ],
  };
}

const scenes = { football, basketball, esports };

// ------------------------------------------------------------------------------------------ encoding

function render(name, outDir, work) {
  const scene = scenes[name](work);
  const inputs = ['-loop', '1', '-framerate', String(fps), '-t', String(seconds), '-i', scene.pitch];
  const graph = [...scene.sprites, '[0:v]format=rgb24,setpts=PTS-STARTPTS[bg]'];
  const { chains, last } = playersGraph(scene.players, 'bg');
  graph.push(...chains);
  const b = scene.ball;
  graph.push(`[${last}][ball0]overlay=x='${b.x}-${b.size / 2}':y='${b.y}-${b.size / 2}':eval=frame[field]`);
  if (scene.minimap) {
    graph.push(`[field]split[field1][field2]`);
    graph.push(`[field2]scale=240:90,drawbox=x=0:y=0:w=240:h=90:color=0xf2f4f8:t=2[mini]`);
    graph.push(`[field1]crop=w=1280:h=720:x='${scene.camera}':y=0[cam0]`);
    graph.push(`[cam0][mini]overlay=x=20:y=560[cam]`);
  } else {
    graph.push(`[field]crop=w=1280:h=720:x='${scene.camera}':y=0[cam]`);
  }
  graph.push(`[cam]vignette=PI/5,${scene.overlay.join(',')},format=yuv420p,split=${renditions.length}${renditions.map((r) => `[s${r.quality}]`).join('')}`);
  for (const r of renditions) graph.push(`[s${r.quality}]scale=${r.width}:${r.height}:flags=lanczos,setsar=1[o${r.quality}]`);

  const args = ['-v', 'error', '-y', ...inputs, '-filter_complex', graph.join(';')];
  for (const r of renditions) {
    const dir = join(outDir, r.quality);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    args.push(
      '-map', `[o${r.quality}]`, '-an',
      '-c:v', 'libx264', '-preset', 'slow', '-profile:v', 'main', '-level:v', r.level, '-pix_fmt', 'yuv420p',
      '-crf', '27', '-maxrate', `${r.maxrate}k`, '-bufsize', `${r.maxrate}k`,
      '-r', String(fps), '-g', String(fps), '-keyint_min', String(fps), '-sc_threshold', '0',
      '-force_key_frames', 'expr:gte(t,n_forced*1)', '-x264-params', 'open-gop=0',
      '-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_playlist_type', 'vod',
      '-hls_flags', 'independent_segments', '-start_number', '0',
      '-hls_segment_filename', join(dir, '%d.mpegts'), join(dir, 'index.m3u8'),
    );
  }
  execFileSync('ffmpeg', args, { stdio: 'inherit' });
}

/** The avc1 codec string from the stream's first sequence parameter set (RFC 6381). */
function codecOf(segment) {
  for (let i = 0; i + 7 < segment.length; i++) {
    if (segment[i] === 0 && segment[i + 1] === 0 && segment[i + 2] === 1 && (segment[i + 3] & 0x1f) === 7) {
      return `avc1.${[segment[i + 4], segment[i + 5], segment[i + 6]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    }
  }
  throw new Error('no SPS in the first segment');
}

function manifestOf(name, outDir) {
  const qualities = {};
  let segments = 0;
  for (const r of renditions) {
    const dir = join(outDir, r.quality);
    const playlist = readFileSync(join(dir, 'index.m3u8'), 'utf8');
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
    rmSync(join(dir, 'index.m3u8'));
    const files = readdirSync(dir).filter((f) => f.endsWith('.mpegts'));
    if (files.length !== seconds || durations.length !== seconds || durations.some((d) => Math.abs(d - 1) > 0.001)) {
      throw new Error(`${name}/${r.quality}: expected ${seconds} segments of 1 s, got ${durations.join(', ')}`);
    }
    segments = files.length;
    const sizes = files.map((_, n) => statSync(join(dir, `${n}.mpegts`)).size);
    qualities[r.quality] = {
      width: r.width,
      height: r.height,
      codecs: codecOf(readFileSync(join(dir, '0.mpegts'))),
      // bits a second: a segment is 1 s, so its size in bits is its rate
      bandwidth: Math.max(...sizes) * 8,
      averageBandwidth: Math.round((sizes.reduce((a, s) => a + s, 0) * 8) / sizes.length),
    };
  }
  return { clip: name, segments, segmentSeconds: 1, frameRate: fps, qualities };
}

const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(scenes);
const work = mkdtempSync(join(tmpdir(), 'pitchside-clips-'));
try {
  for (const name of chosen) {
    if (!(name in scenes)) throw new Error(`no clip called ${name}; clips: ${Object.keys(scenes).join(', ')}`);
    const outDir = join(outRoot, name);
    console.log(`${name}: rendering ${seconds} s in ${renditions.length} renditions`);
    render(name, outDir, work);
    const manifest = manifestOf(name, outDir);
    writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const total = renditions.reduce((sum, r) => sum + readdirSync(join(outDir, r.quality)).reduce((s, f) => s + statSync(join(outDir, r.quality, f)).size, 0), 0);
    console.log(`${name}: ${(total / 1024).toFixed(0)} KiB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
