// The server as one ES module that plain Node runs, for `npm start` (scripts/start.mjs). A warm start spent more
// CPU loading the server's modules than on anything else: its ~200 files through tsx and ~700 files of packages
// took 1.9 s of CPU on a 2-core machine that is 2-3 times slower than the benchmark's, this bundle of both 0.25 s.
//
// The bundle is never older than its sources: its last line records the size and modification time of every file
// it was made of, packages' files included, each taken before that file was read, and a start that finds any of
// them changed makes the bundle again (a second or two) before running it.
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));

/**
 * Where this install keeps the server's bundle; SERVER_BUNDLE_DIR moves it (inside the project, where its packages
 * resolve), e.g. for a second work tree sharing the first one's node_modules.
 */
export const serverBundleDir = process.env.SERVER_BUNDLE_DIR ? resolve(process.env.SERVER_BUNDLE_DIR) : join(projectRoot, 'node_modules/.cache/pitchside/server');

const stampPrefix = '//# pitchside-server-bundle ';

/** What decides the bundle's text besides the files it is made of: this recipe, esbuild, the tsconfig files it reads. */
const recipeFiles = ['scripts/server-bundle.mjs', 'node_modules/esbuild/package.json', 'tsconfig.json', 'server/tsconfig.json'];

/**
 * Packages loaded from node_modules as they are: sharp loads a native library, pino and thread-stream start
 * workers from their own files, and ioredis, pg and qrcode are loaded only by the sites and calls that use them.
 * PGlite could be bundled (its files are found from `import.meta.url`, kept below) but gains nothing: one module.
 */
const externalPackages = new Set(['@electric-sql/pglite', 'sharp', 'pino', 'thread-stream', 'ioredis', 'pg', 'qrcode']);

const loaders = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx', '.json': 'json' };

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The size and modification time of a file, or null when it is gone. */
function fileStamp(path) {
  try {
    const { size, mtimeMs } = statSync(path);
    return [size, mtimeMs];
  } catch {
    return null;
  }
}

/** The stamp on the bundle's last line, or undefined when there is no bundle. */
function readStamp(file) {
  let descriptor;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const { size } = fstatSync(descriptor);
    const tail = Buffer.alloc(Math.min(size, 1024 * 1024));
    readSync(descriptor, tail, 0, tail.length, size - tail.length);
    const text = tail.toString('utf8');
    const line = text.slice(text.lastIndexOf('\n') + 1);
    return line.startsWith(stampPrefix) ? JSON.parse(line.slice(stampPrefix.length)) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}

/** Whether every file the bundle was made of is as it was then. */
function isFresh(stamp, root) {
  if (!stamp?.files) return false;
  return Object.entries(stamp.files).every(([path, was]) => {
    const now = fileStamp(join(root, path));
    return was === null ? now === null : now !== null && now[0] === was[0] && now[1] === was[1];
  });
}

/**
 * Bundles `entry` (relative to `root`) into `file`. Each module's `import.meta.url` is its own source file's URL, so
 * what it reads beside itself (migrations, messages, openapi.yaml) is found where it is, and read when it runs.
 */
export async function bundleServer({ entry = 'server/main.ts', file: fileGiven = join(serverBundleDir, 'main.mjs'), root = projectRoot } = {}) {
  const file = resolve(fileGiven);
  const { build } = await import('esbuild');
  const files = Object.fromEntries(recipeFiles.map((path) => [path, fileStamp(join(root, path))]));
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The packages bundled as CommonJS require Node's built-ins and the packages left out with Node's `require`.
    banner: { js: "import { createRequire as createNodeRequire } from 'node:module'; const require = createNodeRequire(import.meta.url);" },
    sourcemap: 'linked',
    sourcesContent: false,
    outfile: file,
    write: false,
    metafile: true,
    logLevel: 'error',
    plugins: [
      {
        name: 'stamped-sources',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, ({ path }) => (externalPackages.has(packageName(path)) ? { path, external: true } : undefined));
          build.onLoad({ filter: /.*/ }, async ({ path }) => {
            const loader = loaders[extname(path)];
            if (!loader) return undefined;
            // The stamp is taken before the read: an edit after it changes the time, and the next start bundles again.
            files[relative(root, path)] = fileStamp(path);
            const text = await readFile(path, 'utf8');
            return { contents: loader === 'json' ? text : text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)), loader };
          });
        },
      },
    ],
  });
  for (const input of Object.keys(result.metafile.inputs)) {
    // A file type esbuild loaded itself, stamped as it is now.
    files[input] ??= fileStamp(join(root, input));
  }
  const bundle = result.outputFiles.find((output) => output.path === file);
  if (!bundle) throw new Error(`esbuild wrote no ${file}`);
  // A CommonJS module of a package finds nothing under these names in an ES module: its package must be left out.
  const unbound = bundle.text.match(/\b__(?:dirname|filename)\b/);
  if (unbound) throw new Error(`a bundled package uses ${unbound[0]}: add it to externalPackages in scripts/server-bundle.mjs`);
  const stamp = { files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) };
  mkdirSync(join(file, '..'), { recursive: true });
  // The map first, the bundle last: a start at the same moment reads a whole bundle, old or new.
  for (const output of [...result.outputFiles.filter((output) => output !== bundle), bundle]) {
    const text = output === bundle ? `${output.text}${stampPrefix}${JSON.stringify(stamp)}` : output.text;
    // Written aside and renamed, so no start reads half a file and a node_modules copied as hard links is never written through.
    const aside = `${output.path}.${process.pid}.part`;
    writeFileSync(aside, text);
    renameSync(aside, output.path);
  }
  return { inputs: Object.keys(files).length };
}

/** The bundle of `entry`, made first when it is missing or any file it was made of changed. */
export async function freshServerBundle({ entry = 'server/main.ts', file = join(serverBundleDir, 'main.mjs'), root = projectRoot } = {}) {
  if (isFresh(readStamp(file), root)) return { file, rebuilt: false };
  await bundleServer({ entry, file, root });
  return { file, rebuilt: true };
}
