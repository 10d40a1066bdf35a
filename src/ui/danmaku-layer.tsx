import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import {
  danmakuFontPx,
  danmakuLaneMachine,
  type DanmakuLaunch,
  type DanmakuSettings,
  type DanmakuStage,
} from '../machines/danmaku-lane-machine.ts';
import styles from './danmaku-layer.module.css';

/** A chat message as danmaku: the room chat's messages fit it as they are. */
export interface DanmakuMessage {
  /** Unique within the room; a message is flown once, when its id first appears. */
  id: string;
  /** What the viewer wrote: shown as plain text, never as HTML. */
  text: string;
  /** The viewer's own message: outlined. */
  isMine?: boolean;
  /** A coloured barrage's text colour (`#rrggbb`); white otherwise. */
  colour?: string;
}

export interface DanmakuLayerProps {
  /** The room's messages, oldest first; those present at mount are history and do not fly. */
  messages: readonly DanmakuMessage[];
  /** The video is not moving: the flying items stand still. */
  paused: boolean;
  /** SPEC §3 danmaku settings: show, area, size, opacity. */
  settings: DanmakuSettings;
}

/** Own messages carry an outline of 2 px and 6 px of padding each side. */
const minePaddingPx = 16;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** The text's width at the item's font, measured without laying out the page. */
function measure(text: string, fontPx: number, fontFamily: string): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * fontPx;
  measureContext.font = `600 ${String(fontPx)}px ${fontFamily}`;
  return Math.ceil(measureContext.measureText(text).width) + 2;
}

const stageOf = (element: HTMLElement): DanmakuStage => {
  // The lanes are laid out over the whole picture; the area only cuts how many are used.
  const parent = element.parentElement ?? element;
  return { width: Math.round(parent.clientWidth), height: Math.round(parent.clientHeight) };
};

/**
 * Danmaku flying over the picture of its positioned parent. Each new message gets a lane from the
 * lane machine and flies right to left as one element moved by the compositor (Web Animations on
 * `transform`), so React renders nothing per frame; a pause stops every animation where it is.
 */
export function DanmakuLayer({ messages, paused, settings }: DanmakuLayerProps) {
  const layer = useRef<HTMLDivElement>(null);
  const animations = useRef(new Set<Animation>());
  // What is in flight, by message id: a message deleted by the room's moderators leaves the picture at once.
  const flying = useRef(new Map<string, { item: HTMLElement; animation: Animation }>());
  // Coloured barrage: the colour of each message waiting for its lane, by id (the lanes carry no colour).
  const colours = useRef(new Map<string, string>());
  const seen = useRef<Set<string> | null>(null);
  const pausedRef = useRef(paused);
  const [initial] = useState(() => ({ settings, paused }));
  const actor = useActorRef(danmakuLaneMachine, {
    input: { settings: initial.settings, paused: initial.paused, now: () => performance.now() },
  });

  useEffect(() => {
    const element = layer.current;
    if (!element) return;
    const clear = () => {
      for (const animation of animations.current) animation.cancel();
      animations.current.clear();
      flying.current.clear();
      element.replaceChildren();
    };
    const launched = actor.on('danmaku.launched', (launch: DanmakuLaunch) => {
      const stage = actor.getSnapshot().context.stage;
      const item = document.createElement('span');
      item.className = launch.item.isMine ? `${styles.item ?? ''} ${styles.mine ?? ''}` : (styles.item ?? '');
      item.textContent = launch.item.text;
      item.dataset.userContent = '';
      const colour = colours.current.get(launch.item.id);
      colours.current.delete(launch.item.id);
      if (colour) item.style.color = colour;
      item.style.top = `${String(launch.top)}px`;
      item.style.fontSize = `${String(launch.fontPx)}px`;
      element.append(item);
      const animation = item.animate(
        [{ transform: `translate3d(${String(stage.width)}px, 0, 0)` }, { transform: `translate3d(${String(-launch.item.width)}px, 0, 0)` }],
        { duration: launch.durationMs, easing: 'linear', fill: 'both' },
      );
      animations.current.add(animation);
      flying.current.set(launch.item.id, { item, animation });
      animation.onfinish = () => {
        animations.current.delete(animation);
        flying.current.delete(launch.item.id);
        item.remove();
      };
      if (pausedRef.current) animation.pause();
    });
    const cleared = actor.on('danmaku.cleared', clear);
    const observer = new ResizeObserver(() => {
      const stage = stageOf(element);
      const current = actor.getSnapshot().context.stage;
      if (stage.width !== current.width || stage.height !== current.height) actor.send({ type: 'stage.resized', stage });
    });
    observer.observe(element.parentElement ?? element);
    return () => {
      launched.unsubscribe();
      cleared.unsubscribe();
      observer.disconnect();
      clear();
    };
  }, [actor]);

  useEffect(() => {
    actor.send({ type: 'settings.changed', settings });
  }, [actor, settings]);

  useEffect(() => {
    pausedRef.current = paused;
    for (const animation of animations.current) {
      if (paused) animation.pause();
      else animation.play();
    }
    actor.send({ type: paused ? 'video.paused' : 'video.resumed' });
  }, [actor, paused]);

  useEffect(() => {
    const ids = new Set(messages.map((message) => message.id));
    const before = seen.current;
    seen.current = ids;
    const element = layer.current;
    if (!before || !element) return;
    for (const id of before) {
      if (ids.has(id)) continue;
      actor.send({ type: 'message.withdrawn', id });
      const inFlight = flying.current.get(id);
      if (!inFlight) continue;
      inFlight.animation.cancel();
      animations.current.delete(inFlight.animation);
      flying.current.delete(id);
      inFlight.item.remove();
    }
    const fresh = messages.filter((message) => !before.has(message.id));
    if (fresh.length === 0) return;
    // The widths are measured at the font of the picture's size now, so the lanes must know that size
    // before the first message, even if the resize observer has not told them yet.
    const measured = stageOf(element);
    const known = actor.getSnapshot().context.stage;
    if (measured.width !== known.width || measured.height !== known.height) actor.send({ type: 'stage.resized', stage: measured });
    const { settings: current, stage } = actor.getSnapshot().context;
    const fontPx = danmakuFontPx(current.size, stage.width);
    const fontFamily = getComputedStyle(element).fontFamily;
    for (const message of fresh) {
      if (message.colour) colours.current.set(message.id, message.colour);
      const isMine = message.isMine ?? false;
      const width = measure(message.text, fontPx, fontFamily) + (isMine ? minePaddingPx : 0);
      actor.send({ type: 'message.received', item: { id: message.id, text: message.text, isMine, width } });
    }
  }, [actor, messages]);

  return (
    <div
      ref={layer}
      className={styles.layer}
      aria-hidden="true"
      data-danmaku-layer=""
      data-show={String(settings.show)}
      data-area={settings.area}
      data-size={settings.size}
      style={{ opacity: settings.opacity / 100 }}
    />
  );
}
