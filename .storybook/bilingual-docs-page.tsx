import { Canvas, Controls, Description, DocsContext, Heading, Primary, Subheading, Subtitle, Title } from '@storybook/addon-docs/blocks';
import { useContext } from 'react';

// Every component's docs page: its description and its props (with their TSDoc), then each story in
// Chinese and in English side by side, so a designer sees both languages' lengths at once. The
// language decorator of preview.tsx reads `data-docs-locale` from the story's place on the page.

const docsLocales = [
  { locale: 'zh', caption: '中文' },
  { locale: 'en', caption: 'English' },
] as const;

export function BilingualDocsPage() {
  const { componentStories } = useContext(DocsContext);
  // As the docs addon's own Stories block: only stories on the docs page, none that mounts itself.
  const stories = componentStories().filter((story) => story.tags.includes('autodocs') && !story.usesMount);
  return (
    <>
      <Title />
      <Subtitle />
      <Description of="meta" />
      <Primary />
      <Controls />
      <Heading>Stories</Heading>
      {stories.map((story) => {
        // A story in a language of its own (an "English" story) shows in it once.
        const ownLocale = typeof story.storyGlobals.locale === 'string';
        return (
          <section key={story.id}>
            <Subheading>{story.name}</Subheading>
            <Description of={story.moduleExport} />
            {ownLocale ? (
              <Canvas of={story.moduleExport} />
            ) : (
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))', gap: 16 }}>
                {docsLocales.map(({ locale, caption }) => (
                  <figure key={locale} data-docs-locale={locale} lang={locale} style={{ margin: 0 }}>
                    <figcaption>{caption}</figcaption>
                    <Canvas of={story.moduleExport} />
                  </figure>
                ))}
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}
