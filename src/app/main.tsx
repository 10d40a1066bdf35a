import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadFirstMessages } from '../i18n/load-messages.ts';
import { readLocale } from '../i18n/locale.ts';
import '../ui/theme.css';
import { App } from './app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The stored language's messages first, so the first paint is already in that language.
void loadFirstMessages(readLocale())
  .catch(() => undefined)
  .then(() => {
    // As a transition the first render yields to the browser every few milliseconds instead of
    // holding the main thread until the whole page is built; the boot bar in index.html shows meanwhile.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
