import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { components } from '../../api/schema';
import { okAnswer, StoryApiProviders } from '../../api/story-api.tsx';
import en from '../../i18n/messages/en.json';
import vi from '../../i18n/messages/vi.json';
import zh from '../../i18n/messages/zh.json';
import { SiteSettingsPanel } from './site-settings-panel.tsx';

// The console's settings tab on a fake server: the site's rules with a new room's slow mode, then the
// top-up packages, which an admin adds or changes with a reason for the log.

type Settings = components['schemas']['SiteSettings'];
type ChargeRule = components['schemas']['AdminChargeRule'];

interface SettingsServer {
  settings: Settings;
  rules: ChargeRule[];
  /** Called with each body sent to admin/updateSettings. */
  onUpdate?: (body: unknown) => void;
  /** Called with each body sent to admin/saveChargeRule. */
  onSaveRule?: (body: unknown) => void;
}

const sampleSettings: Settings = {
  gift_anchor_share: 0.5,
  plan_expert_share: 0.7,
  plan_refund_on_loss: false,
  withdrawal_second_review_above: 5000,
  room_slow_seconds_default: 0,
};

const sampleRules: ChargeRule[] = [
  { id: 1, name: '6 元', price: 6, diamonds: 60, bonus: 0, sort: 0, enabled: true },
  { id: 2, name: '30 元', price: 30, diamonds: 300, bonus: 10, sort: 0, enabled: true },
  { id: 3, name: '国庆特惠', price: 88, diamonds: 880, bonus: 88, sort: 0, enabled: false },
];

function settingsFetch({ settings, rules, onUpdate, onSaveRule }: SettingsServer) {
  let current = settings;
  let packages = rules;
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    switch (url.pathname) {
      case '/api/admin/settings':
        return okAnswer(current);
      case '/api/admin/updateSettings': {
        const body = (await request.json()) as Partial<Settings> & { reason: string };
        onUpdate?.(body);
        const { reason: _reason, ...changes } = body;
        current = { ...current, ...changes };
        return okAnswer(current);
      }
      case '/api/admin/chargeRuleList':
        return okAnswer(packages);
      case '/api/admin/saveChargeRule': {
        const body = (await request.json()) as Omit<ChargeRule, 'id' | 'sort'> & { id?: number; sort?: number; reason: string };
        onSaveRule?.(body);
        const { reason: _reason, ...rule } = body;
        const saved = { ...rule, id: rule.id ?? packages.length + 1, sort: rule.sort ?? 0 };
        packages = [...packages.filter((row) => row.id !== saved.id), saved].sort((a, b) => a.price - b.price);
        return okAnswer(saved);
      }
      default:
        return new Response(null, { status: 404 });
    }
  };
}

const meta = {
  title: 'admin/panels/SiteSettingsPanel',
  args: { settings: sampleSettings, rules: sampleRules, onUpdate: fn(), onSaveRule: fn() },
  render: (server) => (
    <StoryApiProviders fetch={settingsFetch(server)}>
      <SiteSettingsPanel />
    </StoryApiProviders>
  ),
} satisfies Meta<SettingsServer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Choosing a new room's slow mode sends it with the reason. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const settings = within((await canvas.findByRole('heading', { name: zh['admin.tab.settings'] })).closest('section')!);
    await userEvent.selectOptions(settings.getByLabelText(zh['admin.settings.slowMode']), '10');
    await userEvent.type(settings.getByRole('textbox', { name: zh['admin.users.reason'] }), '防刷屏');
    await userEvent.click(settings.getByRole('button', { name: zh['admin.settings.save'] }));
    await waitFor(() => expect(args.onUpdate).toHaveBeenCalledWith(expect.objectContaining({ room_slow_seconds_default: 10, reason: '防刷屏' })));
  },
};

export const Playground: Story = {};

/** A package is added with a reason; a bonus over the diamonds is refused before anything is sent. */
export const AddPackage: Story = {
  play: async ({ canvas, args }) => {
    const form = within(await canvas.findByRole('form', { name: zh['admin.chargeRules.addTitle'] }));
    await userEvent.type(form.getByRole('textbox', { name: zh['admin.chargeRules.name'] }), '周末特惠');
    await userEvent.type(form.getByRole('textbox', { name: zh['admin.chargeRules.price'] }), '66.6');
    await userEvent.type(form.getByRole('textbox', { name: zh['admin.chargeRules.diamonds'] }), '666');
    await userEvent.clear(form.getByRole('textbox', { name: zh['admin.chargeRules.bonus'] }));
    await userEvent.type(form.getByRole('textbox', { name: zh['admin.chargeRules.bonus'] }), '700');
    await userEvent.type(form.getByRole('textbox', { name: zh['admin.users.reason'] }), '周末活动');
    await userEvent.click(form.getByRole('button', { name: zh['admin.chargeRules.save'] }));
    await expect(await form.findByText(zh['admin.chargeRules.bonusProblem'])).toBeVisible();
    await expect(args.onSaveRule).not.toHaveBeenCalled();
    await userEvent.clear(form.getByRole('textbox', { name: zh['admin.chargeRules.bonus'] }));
    await userEvent.type(form.getByRole('textbox', { name: zh['admin.chargeRules.bonus'] }), '66');
    await userEvent.click(form.getByRole('button', { name: zh['admin.chargeRules.save'] }));
    await waitFor(() =>
      expect(args.onSaveRule).toHaveBeenCalledWith({ name: '周末特惠', price: 66.6, diamonds: 666, bonus: 66, sort: 0, enabled: true, reason: '周末活动' }),
    );
    await expect(await canvas.findByRole('cell', { name: '周末特惠' })).toBeVisible();
    // The page scrolled to the button clicked last, by a distance that varies with timing; the screenshot
    // is taken from the top, with nothing focused.
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  },
};

/** Editing fills the form with the package chosen. */
export const EditPackage: Story = {
  play: async ({ canvas }) => {
    const row = within((await canvas.findByRole('cell', { name: '国庆特惠' })).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: zh['admin.chargeRules.edit'] }));
    const form = within(await canvas.findByRole('form', { name: zh['admin.chargeRules.editTitle'].replace('{name}', '国庆特惠') }));
    await expect(form.getByRole('textbox', { name: zh['admin.chargeRules.price'] })).toHaveValue('88.00');
    await expect(form.getByRole('checkbox', { name: zh['admin.chargeRules.onSale'] })).not.toBeChecked();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: en['admin.chargeRules.title'] })).toBeVisible();
    await expect(await canvas.findByLabelText(en['admin.settings.slowMode'])).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: vi['admin.chargeRules.title'] })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: zh['admin.chargeRules.title'] })).toBeVisible();
  },
};
