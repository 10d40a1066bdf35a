import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const pglitePackageDir = fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/', import.meta.url));

/**
 * Compiles PGlite's engine (9 MB of WebAssembly) for `openDatabase`'s `pgliteWasm`. V8 compiles it on its own
 * threads, so a start-up that asks for it first goes on meanwhile; PGlite would only begin when it opens.
 */
export async function compilePgliteWasm(): Promise<WebAssembly.Module> {
  // Node's WebAssembly global, which the server's libraries (ES2023, no DOM) declare only as types.
  const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
  return wasm.compile(await readFile(join(pglitePackageDir, 'dist/pglite.wasm')));
}
