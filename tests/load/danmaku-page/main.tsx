import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../src/ui/theme.css';
import { defaultDanmakuSettings } from '../../../src/machines/danmaku-lane-machine.ts';
import { DanmakuLayer, type DanmakuMessage } from '../../../src/ui/danmaku-layer.tsx';

// The bench's page: the danmaku layer alone over a 720p picture, its messages pushed by the bench
// through `window.__pushDanmaku`, which exists only in this page.

declare global {
  interface Window {
    __pushDanmaku: (text: string, isMine?: boolean) => void;
  }
}

function Bench() {
  const [messages, setMessages] = useState<readonly DanmakuMessage[]>([]);
  useEffect(() => {
    let sent = 0;
    window.__pushDanmaku = (text, isMine = false) => {
      sent += 1;
      const message = { id: String(sent), text, isMine };
      // The room chat keeps its last messages, not all of them.
      setMessages((before) => [...before.slice(-199), message]);
    };
  }, []);
  return <DanmakuLayer messages={messages} paused={false} settings={defaultDanmakuSettings} />;
}

createRoot(document.getElementById('picture')!).render(<Bench />);
