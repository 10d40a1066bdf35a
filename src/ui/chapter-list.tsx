import styles from './chapter-list.module.css';

/** What a chapter marks: a goal, a yellow card, or a red one (a second yellow is a red). */
export type ChapterTone = 'goal' | 'yellow' | 'red';

export interface Chapter {
  /** Seconds from the start of the video. */
  at: number;
  /** What happened, already in the reader's language: "23' Goal · Arsenal · Saka (1-0)". */
  label: string;
  /** The mark shown before the label and on the timeline. */
  tone: ChapterTone;
}

export interface ChapterListProps {
  /** The chapters in the order they play. */
  chapters: readonly Chapter[];
  /** The list's accessible name and heading. */
  title: string;
  /** Where the video is now, in seconds: the chapter last passed is marked as the current one. */
  at: number;
  /** Writes a time as the player's timeline shows it (1:05). */
  formatTime: (seconds: number) => string;
  /** Called with a chapter's time when the viewer picks it. */
  onJump: (at: number) => void;
}

/** The index of the chapter last passed at `at`, or -1 before the first. */
export function currentChapter(chapters: readonly Chapter[], at: number): number {
  let current = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.at <= at) current = index;
  });
  return current;
}

/** A match video's chapters (its goals and cards): each a button that jumps the player to its moment. */
export function ChapterList({ chapters, title, at, formatTime, onJump }: ChapterListProps) {
  const current = currentChapter(chapters, at);
  return (
    <nav className={styles.chapters} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      <ol className={styles.list}>
        {chapters.map((chapter, index) => (
          <li key={`${String(chapter.at)}-${chapter.label}`}>
            <button
              type="button"
              className={styles.chapter}
              aria-current={index === current ? 'time' : undefined}
              onClick={() => onJump(chapter.at)}
            >
              <span className={styles.time}>{formatTime(chapter.at)}</span>
              <span className={styles.mark} data-tone={chapter.tone} aria-hidden="true" />
              <span className={styles.label}>{chapter.label}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The chapters as ticks over a timeline of `duration` seconds, each a button that jumps there. */
export function ChapterMarkers({ chapters, duration, onJump }: { chapters: readonly Chapter[]; duration: number; onJump: (at: number) => void }) {
  if (duration <= 0) return null;
  return (
    <div className={styles.markers}>
      {chapters.map((chapter) => (
        <button
          key={`${String(chapter.at)}-${chapter.label}`}
          type="button"
          className={styles.marker}
          data-tone={chapter.tone}
          style={{ left: `${String(Math.min(100, (chapter.at / duration) * 100))}%` }}
          aria-label={chapter.label}
          title={chapter.label}
          onClick={() => onJump(chapter.at)}
        />
      ))}
    </div>
  );
}
