import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';
import { clearStoredUser } from '../src/realtime/stored-user.ts';

// A screenshot is compared only once two captures agree, so nothing may move: no animations,
// transitions or blinking caret while stories run as tests.
const still = document.createElement('style');
still.textContent = 'body { min-height: 100vh; } *, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';
document.head.append(still);

// Story files share one origin, so a file whose last story had a viewer logged in would leave
// userInfo for the next file's screenshots: each file starts with nobody logged in.
beforeAll(() => clearStoredUser());

interface StoryContext {
  story?: { parameters: { screenshot?: boolean } };
}

// Every story is also a visual test: its look is compared with the baseline committed beside it
// (`__screenshots__/`), so a visual change is seen. Update baselines with `npm run test:stories -- -u`.
afterEach(async (context) => {
  const { story } = context as StoryContext;
  if (!story || story.parameters.screenshot === false) return;
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot();
});
