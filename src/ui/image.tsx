import { useState, type ReactNode } from 'react';
import { Icon } from './icon.tsx';
import styles from './image.module.css';

export interface ImageProps {
  /** The image address; empty counts as missing. */
  src: string;
  /** The text alternative; empty for a decorative image. */
  alt: string;
  /** Width in px, reserved before the image loads so the page does not jump. */
  width?: number;
  /** Height in px, reserved before the image loads. */
  height?: number;
  /** `cover` crops to fill the box, `contain` shows the whole image. */
  fit?: 'cover' | 'contain';
  /** Round corners (`rounded`) or a circle (`circle`). */
  shape?: 'square' | 'rounded' | 'circle';
  /** Shown instead of the image when it is missing or fails to load; defaults to a neutral picture icon. */
  fallback?: ReactNode;
  /** Loads the image only near the viewport; off for images above the fold. */
  lazy?: boolean;
  /** The page's main image above the fold: loaded at once and before other images. */
  priority?: boolean;
}

/** An image that keeps its box and shows a fallback when the address is empty or fails. */
export function Image({ src, alt, width, height, fit = 'cover', shape = 'square', fallback, lazy = true, priority = false }: ImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = { width, height };
  const className = [styles.box, styles[shape]].join(' ');

  if (src === '' || failedSrc === src) {
    return (
      <span className={[className, styles.fallback].join(' ')} style={box} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        {fallback ?? <Icon name="image" size={Math.min(32, Math.round((height ?? 48) / 2))} />}
      </span>
    );
  }
  return (
    <img
      className={className}
      style={{ ...box, objectFit: fit }}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={lazy && !priority ? 'lazy' : 'eager'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
