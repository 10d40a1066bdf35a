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

function ensureChromium() {
  const { chromiumPath } = { chromiumPath: process.env.CHROME_PATH || '/usr/bin/chromium' };
  if (existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian\'s chromium package (apt-get)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', {
      stdio: 'inherit',
    });
    if (existsSync('/usr/bin/chromium')) return;
  }
  console.error(
    'The browser tests need Debian\'s Chromium at /usr/bin/chromium (or CHROME_PATH).\n' +
      'Install it with:  sudo apt-get install -y chromium  and run npm test again.',
  );
  process.exit(1);
}

ensureChromium();
run('lint (eslint, import direction, contract)', 'npm', ['run', '--silent', 'lint']);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
run('tests (unit, server, api, stories, e2e)', 'npx', ['vitest', 'run']);
