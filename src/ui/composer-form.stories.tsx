import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import en from '../i18n/messages/en.json';
import zh from '../i18n/messages/zh.json';
import { ComposerFilePicker, ComposerForm, ComposerTextArea, PickedFiles, type ComposerFormProps } from './composer-form.tsx';
import { Select } from './select.tsx';
import { TextInput } from './text-input.tsx';

// The composer as its two owners use it: a circle post (a circle, the text, up to 4 photos) and an article
// sent to the news (a category, a title, the text, a cover). The drafts hold their fields as the owners do.

type Messages = typeof zh;

interface DraftProps extends Omit<ComposerFormProps, 'children' | 'actions' | 'title' | 'submitLabel'> {
  /** The language the fields are labelled in. */
  messages: Messages;
  /** The text the draft opens with. */
  initialText?: string;
  /** The files the draft opens with. */
  initialFiles?: readonly string[];
}

const fillIn = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** A circle post: the circle, the text with its label as the hint, and up to 4 photos. */
function PostDraft({ messages, initialText = '', initialFiles = [], ...props }: DraftProps) {
  const [circle, setCircle] = useState('0');
  const [text, setText] = useState(initialText);
  const [photos, setPhotos] = useState<string[]>([...initialFiles]);
  return (
    <div style={{ maxWidth: 760 }}>
      <ComposerForm
        {...props}
        title={messages['circle.compose.title']}
        submitLabel={messages['circle.compose.publish']}
        actions={
          <ComposerFilePicker
            label={messages['circle.compose.photos']}
            accept="image/png,image/jpeg"
            multiple
            disabled={photos.length >= 4}
            onPick={(files) => setPhotos([...photos, ...files.map((file) => file.name)].slice(0, 4))}
          />
        }
      >
        <Select
          label={messages['circle.compose.circle']}
          value={circle}
          options={[
            { value: '0', label: messages['circle.compose.chooseCircle'] },
            { value: '1', label: '英超圈' },
            { value: '2', label: 'NBA' },
          ]}
          onChange={setCircle}
        />
        <ComposerTextArea label={messages['circle.compose.content']} hideLabel value={text} onChange={setText} maxLength={2000} />
        <PickedFiles
          names={photos}
          removeLabel={(index) => fillIn(messages['circle.compose.removePhoto'], { index })}
          onRemove={(index) => setPhotos(photos.filter((_, i) => i !== index))}
        />
      </ComposerForm>
    </div>
  );
}

/** An article for the news: a category, a title, the text under a shown label, and one cover. */
function ArticleDraft({ messages, initialText = '', initialFiles = [], ...props }: DraftProps) {
  const [category, setCategory] = useState('0');
  const [title, setTitle] = useState('');
  const [text, setText] = useState(initialText);
  const [cover, setCover] = useState<string | null>(initialFiles[0] ?? null);
  return (
    <div style={{ maxWidth: 320 }}>
      <ComposerForm
        {...props}
        title={messages['news.form.title']}
        submitLabel={messages['news.form.submit']}
        actions={<ComposerFilePicker label={messages['news.form.cover']} accept="image/png,image/jpeg" onPick={([file]) => setCover(file?.name ?? null)} />}
      >
        <Select
          label={messages['news.form.category']}
          value={category}
          options={[
            { value: '0', label: '—' },
            { value: '1', label: '足球' },
          ]}
          onChange={setCategory}
        />
        <TextInput label={messages['news.form.headline']} value={title} onChange={setTitle} maxLength={80} />
        <ComposerTextArea label={messages['news.form.content']} value={text} onChange={setText} maxLength={5000} rows={7} />
        <PickedFiles names={cover ? [cover] : []} removeLabel={() => messages['news.form.removeCover']} onRemove={() => setCover(null)} />
      </ComposerForm>
    </div>
  );
}

const meta = {
  title: 'ui/ComposerForm',
  component: PostDraft,
  args: { messages: zh, onSubmit: fn() },
} satisfies Meta<typeof PostDraft>;

export default meta;
type Story = StoryObj<typeof meta>;

const photo = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

/** A post is written, two photos picked and one dropped again; the button sends it. */
export const Default: Story = {
  play: async ({ canvas, args, userEvent }) => {
    const form = canvas.getByRole('form', { name: zh['circle.compose.title'] });
    await expect(form).toHaveAttribute('novalidate');
    await userEvent.type(canvas.getByRole('textbox', { name: zh['circle.compose.content'] }), '今晚的德比太精彩了');
    await userEvent.upload(canvas.getByLabelText(zh['circle.compose.photos']), [photo('看台.png'), photo('进球.png')]);
    await expect(canvas.getByText('看台.png')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: fillIn(zh['circle.compose.removePhoto'], { index: 1 }) }));
    await expect(canvas.queryByText('看台.png')).toBeNull();
    await expect(canvas.getByText('进球.png')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: zh['circle.compose.publish'] }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  argTypes: {
    problem: { control: 'text' },
    done: { control: 'text' },
    finished: { control: 'text' },
    note: { control: 'text' },
    busy: { control: 'boolean' },
  },
};

/** Four photos: the picker is greyed out, each photo can still be dropped. */
export const FourPhotos: Story = {
  args: { initialFiles: ['看台.jpg', '进球瞬间.jpg', '赛后合影.png', '球票.jpg'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(zh['circle.compose.photos'])).toBeDisabled();
    await expect(canvas.getAllByRole('button', { name: /^移除第/ })).toHaveLength(4);
  },
};

/** What keeps the post from going out is an alert, read out at once (SPEC §5's text). */
export const WithProblem: Story = {
  args: { problem: zh['circle.compose.loginFirst'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(zh['circle.compose.loginFirst']);
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** While the photos go up the button cannot be pressed again. */
export const Busy: Story = {
  args: { busy: true, initialText: '现场看球的感觉就是不一样', initialFiles: ['看台.jpg', '进球瞬间.jpg'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: zh['circle.compose.publish'] })).toBeDisabled();
  },
};

/** Once sent, it says so and the fields stay for the next post. */
export const Done: Story = {
  args: { done: zh['circle.compose.published'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['circle.compose.published']);
    await expect(canvas.getByRole('textbox', { name: zh['circle.compose.content'] })).toBeVisible();
  },
};

/** Long text and a long file name stay inside the card. */
export const LongText: Story = {
  args: {
    initialText: '上半场两队都踢得很谨慎，下半场主队换上两名边路快马之后局面完全打开。'.repeat(8),
    initialFiles: ['2026赛季第十四轮主场对阵同城死敌赛后在南看台拍到的全场合唱照片原图.jpg'],
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('form')!;
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { messages: en, done: en['circle.compose.published'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form', { name: en['circle.compose.title'] })).toBeVisible();
    await expect(canvas.getByRole('button', { name: en['circle.compose.publish'] })).toBeEnabled();
  },
};

/** The news article: its text's label is shown, the cover is one file, a guest is told to log in first. */
export const Article: Story = {
  render: (args) => <ArticleDraft {...args} />,
  args: { note: zh['news.form.loginFirst'] },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(zh['news.form.loginFirst'])).toBeVisible();
    await userEvent.type(canvas.getByLabelText(zh['news.form.headline']), '主场氛围才是足球的灵魂');
    await userEvent.type(canvas.getByRole('textbox', { name: zh['news.form.content'] }), '第一次去现场看球，全场合唱的那一刻真的热泪盈眶。');
    await userEvent.upload(canvas.getByLabelText(zh['news.form.cover']), photo('封面.png'));
    await expect(canvas.getByText('封面.png')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: zh['news.form.removeCover'] }));
    await expect(canvas.queryByText('封面.png')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: zh['news.form.submit'] }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** Sent for review: the fields and the button give way to the word that it waits for an admin. */
export const ArticleSent: Story = {
  render: (args) => <ArticleDraft {...args} />,
  args: { finished: zh['news.form.sent'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(zh['news.form.sent']);
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

export const ArticleEnglish: Story = {
  render: (args) => <ArticleDraft {...args} />,
  globals: { locale: 'en' },
  args: { messages: en, problem: en['news.problem.title'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(en['news.problem.title']);
  },
};
