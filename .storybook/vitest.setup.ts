import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

// A screenshot is compared only once two captures agree, so nothing may move: no animations,
// transitions or blinking caret while stories run as tests.
const still = document.createElement('style');
still.textContent = 'body { min-height: 100vh; } *, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';
document.head.append(still);

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
