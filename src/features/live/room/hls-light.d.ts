// hls.js publishes its light build (no subtitles, alternate audio, DRM or CMCD, none of which the site's
// streams use: 117 KiB gzip against 182) without types of its own; it is the same class.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
