// `npm test`: every suite, on a machine that has never seen the project. The one thing npm cannot
// install is the browser, so this finds Debian's Chromium or installs it (as root) first.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

// The screenshot baselines were taken with Chinese glyphs from Noto CJK; without the font every
// Chinese story renders boxes and differs from its baseline.
function hasChineseFont() {
  const fonts = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return fonts.status === 0 && fonts.stdout.trim() !== '';
}

function ensureChromium() {
  const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(chromiumPath) && hasChineseFont()) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium or its Chinese font is missing: installing Debian's chromium and fonts-noto-cjk (apt-get)…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', {
      stdio: 'inherit',
    });
    if (existsSync(chromiumPath) && hasChineseFont()) return;
  }
  console.error(
    "The browser tests need Debian's Chromium at /usr/bin/chromium (or CHROME_PATH) and a Chinese font.\n" +
      'Install them with:  sudo apt-get install -y chromium fonts-noto-cjk  and run npm test again.',
  );
  process.exit(1);
}

// Real broadcasting (DESIGN.md, Video) is tested end to end with nginx's RTMP module and ffmpeg.
function hasMediaTools() {
  const ffmpeg = spawnSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' });
  return existsSync('/usr/sbin/nginx') && existsSync('/usr/lib/nginx/modules/ngx_rtmp_module.so') && ffmpeg.status === 0;
}

function ensureMediaTools() {
  if (hasMediaTools()) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('nginx with its RTMP module or ffmpeg is missing: installing nginx, libnginx-mod-rtmp and ffmpeg (apt-get)…');
    const installed = spawnSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx libnginx-mod-rtmp ffmpeg'],
      { stdio: 'inherit' },
    );
    // Debian starts the packaged nginx on port 80; the site runs its own from a template.
    spawnSync('sh', ['-c', 'command -v systemctl >/dev/null && systemctl disable --now nginx >/dev/null 2>&1; nginx -s quit >/dev/null 2>&1'], { stdio: 'ignore' });
    if (installed.status === 0 && hasMediaTools()) return;
  }
  console.log(
    'The broadcast tests need nginx, libnginx-mod-rtmp and ffmpeg: they are skipped.\n' +
      'Install them with:  sudo apt-get install -y nginx libnginx-mod-rtmp ffmpeg  and run npm test again.',
  );
}

// The scaled-out site (npm run start:cluster) is tested behind HAProxy where the API suite runs on PostgreSQL.
function ensureLoadBalancer() {
  if (existsSync('/usr/sbin/haproxy')) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const installed = spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy'], {
      stdio: 'inherit',
    });
    // Debian starts the packaged HAProxy as a service; the cluster runs its own.
    spawnSync('sh', ['-c', 'command -v systemctl >/dev/null && systemctl disable --now haproxy >/dev/null 2>&1'], { stdio: 'ignore' });
    if (installed.status === 0 && existsSync('/usr/sbin/haproxy')) return;
  }
  console.log('The cluster test needs HAProxy: it is skipped. Install it with:  sudo apt-get install -y haproxy');
}

ensureChromium();
ensureMediaTools();
ensureLoadBalancer();
run('lint (eslint, import direction, contract)', 'npm', ['run', '--silent', 'lint']);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
run('tests (unit, server, api, stories, e2e)', 'npx', ['vitest', 'run']);
