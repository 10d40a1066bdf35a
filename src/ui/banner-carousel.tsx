import { useEffect, useState } from 'react';
import { Icon } from './icon.tsx';
import styles from './banner-carousel.module.css';

/** One slide of the carousel. */
export interface BannerSlide {
  /** Stable id of the slide. */
  id: number;
  /** The slide's picture, wide (about 3:1). */
  image: string;
  /** The slide's words, shown over the picture and read as the link's name. */
  title: string;
  /** Where the slide leads. */
  href: string;
}

export interface BannerCarouselProps {
  /** The slides, in order; nothing is drawn without any. */
  slides: readonly BannerSlide[];
  /** The carousel's accessible name. */
  label: string;
  /** The previous button's name. */
  previousLabel: string;
  /** The next button's name. */
  nextLabel: string;
  /** Names a slide's dot: "slide 2 of 3". */
  slideLabel: (index: number, count: number) => string;
  /** Milliseconds between slides while nobody points at or focuses the carousel; 0 keeps it still. */
  interval?: number;
  /**
   * The slides are still on their way: the carousel's box is drawn empty, so what sits below it does not jump
   * down when they arrive (the home page's largest layout shift otherwise).
   */
  pending?: boolean;
}

/** The home page's carousel: one slide at a time, with previous, next and a dot per slide. */
export function BannerCarousel({ slides, label, previousLabel, nextLabel, slideLabel, interval = 6000, pending = false }: BannerCarouselProps) {
  const [shown, setShown] = useState(0);
  const [held, setHeld] = useState(false);
  const count = slides.length;
  useEffect(() => {
    if (held || interval <= 0 || count < 2) return;
    const timer = setInterval(() => setShown((index) => (index + 1) % count), interval);
    return () => clearInterval(timer);
  }, [held, interval, count]);
  if (count === 0) return pending ? <section className={styles.carousel} aria-label={label} aria-busy="true" /> : null;
  const current = Math.min(shown, count - 1);
  const slide = slides[current]!;
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <a
        key={slide.id}
        href={slide.href}
        className={styles.slide}
        aria-roledescription="slide"
        aria-label={`${slide.title} (${slideLabel(current + 1, count)})`}
      >
        <img src={slide.image} alt="" className={styles.picture} width={1200} height={400} />
        <span className={styles.title} data-user-content>
          {slide.title}
        </span>
      </a>
      {count > 1 && (
        <>
          <button type="button" className={[styles.arrow, styles.previous].join(' ')} aria-label={previousLabel} onClick={() => setShown((current - 1 + count) % count)}>
            <Icon name="chevronLeft" size={22} />
          </button>
          <button type="button" className={[styles.arrow, styles.next].join(' ')} aria-label={nextLabel} onClick={() => setShown((current + 1) % count)}>
            <Icon name="chevronRight" size={22} />
          </button>
          <div className={styles.dots}>
            {slides.map((item, index) => (
              <button
                key={item.id}
                type="button"
                className={styles.dot}
                aria-label={slideLabel(index + 1, count)}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => setShown(index)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
