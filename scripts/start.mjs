// `npm start`: the server run by plain Node from its bundle (scripts/server-bundle.mjs), bundled again first when
// any file it is made of changed since. `tsx server/main.ts` runs the same server from its sources.
import { pathToFileURL } from 'node:url';
import { freshServerBundle } from './server-bundle.mjs';

let entry;
try {
  const bundle = await freshServerBundle();
  performance.mark(bundle.rebuilt ? 'server bundled' : 'server bundle checked');
  entry = pathToFileURL(bundle.file).href;
} catch (error) {
  // The site still starts, from its sources, only slower; a source that does not compile fails there too, and says where.
  console.warn('Pitchside: the server could not be bundled, so it runs from its sources through tsx (a slower start).', error);
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../server/main.ts', import.meta.url).href;
}
await import(entry);
