// Real broadcasting (DESIGN.md, Video): nginx with its RTMP module, run as a child process of the
// site when the machine has them. The site writes its configuration from a template, authorises
// stream keys through nginx's on_publish callback and serves the HLS nginx writes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hlsQualities, type HlsQuality } from '../hls-playlists.ts';

const templatePath = fileURLToPath(new URL('./nginx-rtmp.conf.template', import.meta.url));

/** Debian's nginx and the module of its `libnginx-mod-rtmp` package. */
const nginxCandidates = ['/usr/sbin/nginx', '/usr/bin/nginx'];
const moduleCandidates = ['/usr/lib/nginx/modules/ngx_rtmp_module.so', '/usr/share/nginx/modules/ngx_rtmp_module.so'];

/** Seconds of a broadcast nginx keeps listed: the whole broadcast, so it can become a playback. */
const recordedSeconds = 4 * 60 * 60;

/** SPEC §9's qualities as heights the ladder encodes to; the original is passed through. */
export const ladderHeights: Readonly<Record<Exclude<HlsQuality, 'original'>, { height: number; videoKbps: number }>> = {
  high_definition: { height: 720, videoKbps: 2500 },
  standard: { height: 480, videoKbps: 1200 },
  smooth: { height: 360, videoKbps: 700 },
};

export interface MediaTools {
  nginx: string;
  rtmpModule: string;
  /** ffmpeg, when installed: the quality ladder needs it. */
  ffmpeg: string | null;
}

function firstExisting(paths: readonly string[]): string | null {
  return paths.find((path) => existsSync(path)) ?? null;
}

function onPath(command: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || null : null;
}

/** nginx with the RTMP module, and ffmpeg, where this machine has them. */
export function findMediaTools(): MediaTools | null {
  const nginx = firstExisting(nginxCandidates) ?? onPath('nginx');
  const rtmpModule = firstExisting(moduleCandidates);
  if (!nginx || !rtmpModule) return null;
  return { nginx, rtmpModule, ffmpeg: onPath('ffmpeg') };
}

export interface RtmpConfigInput {
  tools: MediaTools;
  /** Where the configuration, pid and error log go. */
  workDir: string;
  /** Where nginx writes HLS: `<hlsDir>/<quality>/<stream key>/index.m3u8`. */
  hlsDir: string;
  rtmpPort: number;
  /** The address nginx listens on for pushes (0.0.0.0 so OBS on another machine can push). */
  rtmpHost: string;
  /** The site's callback base, e.g. http://127.0.0.1:8080/media-server/<secret>. */
  callbackBase: string;
}

/** The renditions nginx writes: all four with ffmpeg, the pushed original alone without. */
export function renditionsOf(tools: MediaTools): readonly HlsQuality[] {
  return tools.ffmpeg ? hlsQualities : ['original'];
}

/**
 * The ladder: one ffmpeg reading the push from the live application and publishing each encoded rendition to its
 * own, started with the push and stopped with it. nginx stops it with SIGTERM (exec_kill_signal), not its default
 * SIGKILL: ffmpeg then writes out what it has encoded and closes each rendition, so nginx writes their last
 * fragments (killed, a busy ladder lost seconds of every broadcast's end).
 */
function ladderCommand(input: RtmpConfigInput, ffmpeg: string): string {
  const local = `rtmp://127.0.0.1:${String(input.rtmpPort)}`;
  // One key frame a second, so each rendition cuts 1 s fragments (DESIGN.md, Video).
  const encoded = Object.entries(ladderHeights).map(
    ([quality, { height, videoKbps }]) =>
      `-map 0:v:0 -map 0:a:0? -c:v libx264 -preset veryfast -tune zerolatency -vf scale=-2:${String(height)} ` +
      `-b:v ${String(videoKbps)}k -maxrate ${String(videoKbps)}k -bufsize ${String(videoKbps * 2)}k ` +
      `-force_key_frames expr:gte(t,n_forced*1) -c:a aac -b:a 96k -f flv ${local}/${quality}/$name`,
  );
  return [`${ffmpeg} -hide_banner -loglevel error -i ${local}/live/$name`, ...encoded].join(' ');
}

function renditionApplication(quality: Exclude<HlsQuality, 'original'>, input: RtmpConfigInput): string {
  return `
    application ${quality} {
      live on;
      record off;
      allow publish 127.0.0.1;
      deny publish all;
      deny play all;
      # Only the site's own ladder publishes here: the site lets in a name only while it is a stream key on air.
      on_publish ${input.callbackBase}/on-ladder-publish;
      # The site keeps a broadcast's recording once every rendition has written its last fragment.
      on_publish_done ${input.callbackBase}/on-ladder-publish-done;
${hlsLines(join(input.hlsDir, quality))}
    }
`;
}

function hlsLines(path: string): string {
  return [
    'hls on;',
    `hls_path ${path};`,
    'hls_nested on;',
    'hls_fragment 1s;',
    `hls_playlist_length ${String(recordedSeconds)}s;`,
    'hls_cleanup off;',
    'hls_fragment_naming sequential;',
  ]
    .map((line) => `      ${line}`)
    .join('\n');
}

/** The nginx configuration, from the template. */
export function rtmpConfig(input: RtmpConfigInput): string {
  const { tools } = input;
  // The pushed stream itself is the original rendition, written straight from the live application: every second
  // of the push is in it, whatever the ladder manages on a busy machine.
  const original = hlsLines(join(input.hlsDir, 'original'));
  const liveOutput = tools.ffmpeg ? `${original}\n      exec_push ${ladderCommand(input, tools.ffmpeg)};\n      exec_kill_signal term;` : original;
  const encoded = Object.keys(ladderHeights) as Array<Exclude<HlsQuality, 'original'>>;
  const renditionApplications = tools.ffmpeg ? encoded.map((quality) => renditionApplication(quality, input)).join('') : '';
  // Run as root, nginx would hand its workers to nobody, who may not write the site's data directory.
  const user = userInfo();
  const values: Record<string, string> = {
    userLine: user.uid === 0 ? `user ${user.username};` : '',
    workDir: input.workDir,
    rtmpModule: tools.rtmpModule,
    rtmpPort: String(input.rtmpPort),
    rtmpListen: `${input.rtmpHost}:${String(input.rtmpPort)}`,
    callbackBase: input.callbackBase,
    liveOutput,
    renditionApplications,
  };
  return readFileSync(templatePath, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the media server template names an unknown value: ${name}`);
    return value;
  });
}

export interface RunningMediaServer {
  readonly renditions: readonly HlsQuality[];
  stop(): Promise<void>;
}

/** Writes the configuration and starts nginx; resolves once it runs, rejects when it exits at once. */
export async function startRtmpMediaServer(input: RtmpConfigInput, log: (line: string) => void): Promise<RunningMediaServer> {
  mkdirSync(input.workDir, { recursive: true });
  mkdirSync(input.hlsDir, { recursive: true });
  for (const quality of renditionsOf(input.tools)) mkdirSync(join(input.hlsDir, quality), { recursive: true });
  const configPath = join(input.workDir, 'nginx-rtmp.conf');
  writeFileSync(configPath, rtmpConfig(input));
  const child: ChildProcess = spawn(input.tools.nginx, ['-p', input.workDir, '-c', configPath, '-e', join(input.workDir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => log(chunk.toString('utf8').trim()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // nginx fails fast on a bad configuration or a taken port; after this it is up.
  const early = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 400))]);
  if (early !== 'running') {
    const errors = existsSync(join(input.workDir, 'error.log')) ? readFileSync(join(input.workDir, 'error.log'), 'utf8').trim().split('\n').slice(-3).join(' | ') : '';
    throw new Error(`the media server exited with ${String(early)}${errors ? `: ${errors}` : ''}`);
  }
  return {
    renditions: renditionsOf(input.tools),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      const stopped = await Promise.race([exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000))]);
      if (!stopped) child.kill('SIGKILL');
    },
  };
}
