import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../api/schema.d.ts';
import { loadMessages } from '../../../i18n/load-messages.ts';
import { roomEntryShownMs, useRoomEntryEffects } from './room-entry-effects.tsx';

type RoomEntry = components['schemas']['ImRoomEntry'];

const entry = (id: number, nick: string, kind: 'guard' | 'nobility' = 'nobility'): RoomEntry => ({
  type: 'room_entry',
  conversationID: 'GROUPlive1',
  user: { id, user_nickname: nick, avatar: '', exp_icon: '', is_anchor: 0 },
  tier: { kind, level: 1, name: kind === 'guard' ? '白银守护' : '骑士', name_en: kind === 'guard' ? 'Silver Guard' : 'Knight', icon: '/media/badge.svg' },
});

/** What the room's chat would call on each entry, handed to the test. */
const told: { onEntry: (entry: RoomEntry) => void } = { onEntry: () => undefined };

function Stage() {
  const entries = useRoomEntryEffects();
  useEffect(() => {
    told.onEntry = entries.onEntry;
  }, [entries.onEntry]);
  return entries.overlay;
}

const tell = (entry: RoomEntry) => told.onEntry(entry);

describe("a room's entry effects", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('welcomes a noble in the viewer language, lets a newer entry take its place, and leaves after a while', async () => {
    render(
      <IntlProvider locale="en" messages={await loadMessages('en')}>
        <Stage />
      </IntlProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => tell(entry(7, 'Oranje Fan')));
    expect(screen.getByRole('status')).toHaveTextContent('Welcome, Knight Oranje Fan, to the room');
    expect(screen.getByRole('status')).toHaveAttribute('data-room-entry', 'nobility');
    act(() => vi.advanceTimersByTime(roomEntryShownMs / 2));
    act(() => tell(entry(8, 'Blue Wall', 'guard')));
    expect(screen.getByRole('status')).toHaveTextContent('Welcome, Silver Guard Blue Wall, to the room');
    // The newer one gets its whole time.
    act(() => vi.advanceTimersByTime(roomEntryShownMs - 100));
    expect(screen.getByRole('status')).toHaveAttribute('data-room-entry', 'guard');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
