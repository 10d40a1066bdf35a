import type { Meta, StoryObj } from '@storybook/react-vite';
import QRCode from 'qrcode';
import { expect, fn, waitFor, within } from 'storybook/test';
import { StoryApiProviders } from '../../api/story-api.tsx';
import type { LoginSession } from '../../machines/login-machine.ts';
import type { QrLoginEvent } from '../../machines/qr-login-machine.ts';
import type { SmsCodeRequest } from '../../machines/sms-countdown-machine.ts';
import en from '../../i18n/messages/en.json';
import zh from '../../i18n/messages/zh.json';
import { LoginDialog } from './login-dialog.tsx';
import { loginStoryServer, storySession, stubbedLoginMachine } from './login-story-server.ts';

// The dialog's machine runs with stub actors (the machine's own seams), and the two calls the
// dialog makes itself (the system config, the human check's challenge) are answered by a fake fetch
// behind the app's real API client, so nothing leaves the browser.

// A fixed address, so the picture (and its screenshot) does not depend on the port the catalogue runs on.
const qrImage = QRCode.toString('https://pitchside.example/qr-confirm?code=story-code', { type: 'svg', margin: 1 }).then(
  (svg) => `data:image/svg+xml;base64,${btoa(svg)}`,
);

const session = storySession;
const server = loginStoryServer();

interface StubOptions {
  /** What the QR socket reports once the code shows. */
  qrFrames?: QrLoginEvent[];
  /** The QR code's life; the first code of an `expiredFirst` story lives 0 ms. */
  expiredFirst?: boolean;
  /** What a phone submission gives: a session, null (a reset), or a refusal. */
  submitted?: LoginSession | null | 'refused';
}

/** The login machine with stubs in place of the server, counting what the dialog asked for. */
function stubbedLogin({ qrFrames = [], expiredFirst = false, submitted = session }: StubOptions = {}) {
  const calls = { fetchQr: fn(), requestCode: fn(), submitPhone: fn() };
  const machine = stubbedLoginMachine({
    fetchQr: async () => {
      calls.fetchQr();
      return { code: 'story-code', qr_secret: 'story-secret', img: await qrImage };
    },
    qrFrames,
    qrExpiry: () => (expiredFirst && calls.fetchQr.mock.calls.length === 1 ? 0 : 180_000),
    requestCode: async (request) => calls.requestCode(request),
    submitPhone: async (submission) => {
      calls.submitPhone(submission);
      if (submitted === 'refused') throw new Error('refused');
      return submitted;
    },
  });
  return { machine, calls };
}

type StubbedLogin = ReturnType<typeof stubbedLogin>;

const defaultLogin = stubbedLogin();

const meta = {
  title: 'account/LoginDialog',
  component: LoginDialog,
  args: { open: true, onClose: fn(), onLoggedIn: fn() },
  // The stubbed machine is a parameter, not an arg: args are serialised for the controls panel.
  render: (args, { parameters }) => <LoginDialog {...args} machine={(parameters.login as StubbedLogin | undefined)?.machine ?? defaultLogin.machine} />,
  decorators: [
    (Story) => (
      <StoryApiProviders fetch={server.fetch}>
        <Story />
      </StoryApiProviders>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LoginDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

type UserEvent = Parameters<NonNullable<Story['play']>>[0]['userEvent'];

/** Ticks the human check and waits until the widget has solved its challenge. */
async function passHumanCheck(userEvent: UserEvent, messages: typeof zh = zh) {
  await userEvent.click(await body.findByRole('checkbox', { name: messages['altcha.label'] }));
  await expect(await body.findByText(messages['altcha.verified'], {}, { timeout: 10_000 })).toBeVisible();
}

/** The human check's widget as it is now; a request that spends the solution replaces it with a new one. */
function humanCheckWidget(): Element | null {
  return body.getByTestId('altcha').firstElementChild;
}

/**
 * A solution is used once: after a request the widget starts again on a new challenge. The user ticked it once
 * in this dialog, so the new one solves itself (the proof of work is still done) without a second tick.
 */
async function expectHumanCheckSolvedAgain(spent: Element | null, messages: typeof zh = zh) {
  await waitFor(() => expect(spent?.isConnected).toBe(false));
  await waitFor(() => expect(humanCheckWidget()).not.toBeNull());
  await expect(await body.findByText(messages['altcha.verified'], {}, { timeout: 10_000 })).toBeVisible();
}

export const Default: Story = {
  play: async () => {
    await expect(await body.findByRole('dialog', { name: zh['route.login'] })).toBeVisible();
    await expect(await body.findByRole('tab', { name: zh['login.qrTab'] })).toHaveAttribute('aria-selected', 'true');
    await expect(await body.findByRole('img', { name: zh['login.qrAlt'] })).toBeVisible();
  },
};

export const Playground: Story = {};

const qrScanned = stubbedLogin({ qrFrames: [{ type: 'qr.scanned' }] });

export const QrScanned: Story = {
  parameters: { login: qrScanned },
  play: async () => {
    const status = await body.findByRole('status');
    await expect(status).toHaveTextContent('✓');
    await expect(status).toHaveTextContent(zh['login.qrScanned']);
  },
};

const qrConfirmed = stubbedLogin({ qrFrames: [{ type: 'qr.scanned' }, { type: 'qr.confirmed', session }] });

export const QrConfirmedCloses: Story = {
  parameters: { login: qrConfirmed, screenshot: false },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onLoggedIn).toHaveBeenCalledWith(session, 'qr'));
    await waitFor(() => expect(args.onClose).toHaveBeenCalledOnce());
  },
};

const qrExpired = stubbedLogin({ expiredFirst: true });

export const QrExpired: Story = {
  parameters: { login: qrExpired },
  play: async ({ userEvent }) => {
    await expect(await body.findByText(zh['login.qrExpired'])).toBeVisible();
    await expect(body.queryByRole('img', { name: zh['login.qrAlt'] })).toBeNull();
    await userEvent.click(body.getByRole('button', { name: zh['login.qrRefresh'] }));
    await expect(await body.findByRole('img', { name: zh['login.qrAlt'] })).toBeVisible();
    await expect(qrExpired.calls.fetchQr).toHaveBeenCalledTimes(2);
    await expect(body.queryByText(zh['login.qrExpired'])).toBeNull();
  },
};

export const QrEnglish: Story = {
  globals: { locale: 'en' },
  parameters: { login: stubbedLogin({ qrFrames: [{ type: 'qr.scanned' }] }) },
  play: async () => {
    await expect(await body.findByRole('dialog', { name: en['route.login'] })).toBeVisible();
    await expect(await body.findByRole('status')).toHaveTextContent(en['login.qrScanned']);
  },
};

export const PhoneLogin: Story = {
  play: async ({ userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
    await expect(await body.findByRole('textbox', { name: zh['login.mobile'] })).toBeVisible();
    await expect(body.getByRole('combobox', { name: zh['login.countryCode'] })).toHaveValue('86');
    await expect(body.queryByRole('textbox', { name: zh['login.smsCode'] })).toBeNull();
    await expect(body.getByRole('button', { name: zh['login.submitLogin'] })).toBeEnabled();
    await expect(await body.findByText(zh['altcha.label'])).toBeVisible();
  },
};

const phoneFlow = stubbedLogin();

export const CodeRegiterForgotToggles: Story = {
  parameters: { login: phoneFlow },
  play: async ({ userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
    await userEvent.click(await body.findByRole('button', { name: zh['login.toRegister'] }));
    await expect(body.getByRole('textbox', { name: zh['login.smsCode'] })).toBeVisible();
    await expect(body.getByRole('button', { name: zh['login.submitRegister'] })).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: zh['login.toLogin'] }));
    await expect(body.queryByRole('textbox', { name: zh['login.smsCode'] })).toBeNull();
    await userEvent.click(body.getByRole('button', { name: zh['login.toForgot'] }));
    await expect(body.getByLabelText(zh['login.newPassword'])).toBeVisible();
    await expect(body.getByRole('button', { name: zh['login.submitReset'] })).toBeVisible();
    // Resetting needs the human check too (so a script cannot learn which numbers have accounts).
    await expect(await body.findByText(zh['altcha.label'])).toBeVisible();
    await userEvent.click(body.getByRole('button', { name: zh['login.toLogin'] }));
    await expect(body.getByLabelText(zh['login.password'])).toBeVisible();
  },
};

export const Regiter: Story = {
  parameters: { login: stubbedLogin() },
  play: async ({ userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
    await userEvent.click(await body.findByRole('button', { name: zh['login.toRegister'] }));
    await expect(body.getByRole('textbox', { name: zh['login.smsCode'] })).toHaveAttribute('maxlength', '6');
    await expect(body.getByRole('button', { name: zh['login.getCode'] })).toBeEnabled();
    await expect(await body.findByText(zh['altcha.label'])).toBeVisible();
  },
};

const validation = stubbedLogin();

export const ValidationErrors: Story = {
  parameters: { login: validation },
  play: async ({ userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
    await userEvent.click(await body.findByRole('button', { name: zh['login.submitLogin'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(zh['login.incomplete']);
    await userEvent.click(body.getByRole('button', { name: zh['login.toRegister'] }));
    await userEvent.click(body.getByRole('button', { name: zh['login.getCode'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(zh['login.mobileRequired']);
    await expect(validation.calls.requestCode).not.toHaveBeenCalled();
    // SPEC §5: mobile at most 11 digits, the SMS code at most 6.
    await userEvent.type(body.getByRole('textbox', { name: zh['login.mobile'] }), '138000000019999');
    await expect(body.getByRole('textbox', { name: zh['login.mobile'] })).toHaveValue('13800000001');
    await userEvent.type(body.getByRole('textbox', { name: zh['login.smsCode'] }), '12345678');
    await expect(body.getByRole('textbox', { name: zh['login.smsCode'] })).toHaveValue('123456');
    // No code without the human check, so a script cannot send SMS at will.
    await userEvent.click(body.getByRole('button', { name: zh['login.getCode'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(zh['login.humanCheckNeeded']);
    await expect(validation.calls.requestCode).not.toHaveBeenCalled();
    await userEvent.type(body.getByLabelText(zh['login.password']), 'secret1');
    await userEvent.click(body.getByRole('button', { name: zh['login.submitRegister'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(zh['login.humanCheckNeeded']);
    await expect(validation.calls.submitPhone).not.toHaveBeenCalled();
  },
};

const countdown = stubbedLogin();

export const SmsCountdown: Story = {
  parameters: { login: countdown },
  play: async ({ userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
    await userEvent.click(await body.findByRole('button', { name: zh['login.toRegister'] }));
    await userEvent.type(body.getByRole('textbox', { name: zh['login.mobile'] }), '13800000009');
    await passHumanCheck(userEvent);
    const ticked = humanCheckWidget();
    await userEvent.click(body.getByRole('button', { name: zh['login.getCode'] }));
    const waiting = await body.findByRole('button', { name: /60/ });
    await expect(waiting).toBeDisabled();
    await expect(countdown.calls.requestCode).toHaveBeenCalledOnce();
    await expect(countdown.calls.requestCode).toHaveBeenCalledWith({ mobile: '86-13800000009', purpose: 1, altcha: expect.any(String) });
    // The code spent the solution; the next check solves itself, so registering takes one tick.
    await expectHumanCheckSolvedAgain(ticked);
    // One countdown for every phone mode: forgot waits out the same 60 s.
    await userEvent.click(body.getByRole('button', { name: zh['login.toForgot'] }));
    await expect(body.getByRole('button', { name: /60/ })).toBeDisabled();
  },
};

const reset = stubbedLogin({ submitted: null });

export const ForgotThenBackToCode: Story = {
  parameters: { login: reset },
  play: async ({ args, userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
    await userEvent.click(await body.findByRole('button', { name: zh['login.toForgot'] }));
    await userEvent.type(body.getByRole('textbox', { name: zh['login.mobile'] }), '13800000001');
    await userEvent.type(body.getByRole('textbox', { name: zh['login.smsCode'] }), '654321');
    await userEvent.type(body.getByLabelText(zh['login.newPassword']), 'newpass1');
    await userEvent.click(body.getByRole('button', { name: zh['login.submitReset'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(zh['login.humanCheckNeeded']);
    await expect(reset.calls.submitPhone).not.toHaveBeenCalled();
    await passHumanCheck(userEvent);
    const ticked = humanCheckWidget();
    await userEvent.click(body.getByRole('button', { name: zh['login.submitReset'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(zh['login.resetDone']);
    await expect(reset.calls.submitPhone).toHaveBeenCalledOnce();
    await expect(reset.calls.submitPhone).toHaveBeenCalledWith({
      mode: 'forgot',
      mobile: '86-13800000001',
      password: 'newpass1',
      code: '654321',
      altcha: expect.stringMatching(/.+/),
    });
    // The reset spent the solution: a new challenge is loaded, and solves itself since the user ticked once.
    await expectHumanCheckSolvedAgain(ticked);
    // Back in code mode: login, no SMS code field; the dialog stays open.
    await expect(body.getByRole('button', { name: zh['login.submitLogin'] })).toBeVisible();
    await expect(body.queryByRole('textbox', { name: zh['login.smsCode'] })).toBeNull();
    await expect(args.onLoggedIn).not.toHaveBeenCalled();
  },
};

const enterLogin = stubbedLogin();

export const EnterInPasswordSubmits: Story = {
  parameters: { login: enterLogin, screenshot: false },
  play: async ({ args, userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
    await userEvent.type(body.getByRole('textbox', { name: zh['login.mobile'] }), '13800000001');
    await passHumanCheck(userEvent);
    await userEvent.type(body.getByLabelText(zh['login.password']), 'pitchside1{Enter}');
    await waitFor(() => expect(args.onLoggedIn).toHaveBeenCalledWith(session, 'phone'));
    await expect(enterLogin.calls.submitPhone).toHaveBeenCalledOnce();
    await expect(enterLogin.calls.submitPhone).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'code', mobile: '86-13800000001', password: 'pitchside1' }),
    );
    await waitFor(() => expect(args.onClose).toHaveBeenCalledOnce());
  },
};

export const PhoneEnglish: Story = {
  globals: { locale: 'en' },
  parameters: { login: stubbedLogin() },
  play: async ({ userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: en['login.phoneTab'] }));
    await userEvent.click(await body.findByRole('button', { name: en['login.toRegister'] }));
    await userEvent.click(body.getByRole('button', { name: en['login.getCode'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(en['login.mobileRequired']);
    await expect(await body.findByText(en['altcha.label'])).toBeVisible();
  },
};

export const ForgotEnglish: Story = {
  globals: { locale: 'en' },
  parameters: { login: stubbedLogin() },
  play: async ({ userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: en['login.phoneTab'] }));
    await userEvent.click(await body.findByRole('button', { name: en['login.toForgot'] }));
    await expect(body.getByLabelText(en['login.newPassword'])).toBeVisible();
    await expect(body.getByRole('button', { name: en['login.submitReset'] })).toBeVisible();
    await expect(await body.findByText(en['altcha.label'])).toBeVisible();
  },
};

const forgotCode = stubbedLogin({ submitted: null });

export const ForgotCodeNeedsHumanCheck: Story = {
  parameters: { login: forgotCode },
  play: async ({ userEvent }) => {
    await userEvent.click(await body.findByRole('tab', { name: zh['login.phoneTab'] }));
    await userEvent.click(await body.findByRole('button', { name: zh['login.toForgot'] }));
    await userEvent.type(body.getByRole('textbox', { name: zh['login.mobile'] }), '13800000002');
    await userEvent.click(body.getByRole('button', { name: zh['login.getCode'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(zh['login.humanCheckNeeded']);
    await expect(forgotCode.calls.requestCode).not.toHaveBeenCalled();
    // Solving the check clears the notice; the code request then carries the solution.
    await passHumanCheck(userEvent);
    await expect(body.queryByRole('alert')).toBeNull();
    const ticked = humanCheckWidget();
    await userEvent.click(body.getByRole('button', { name: zh['login.getCode'] }));
    await expect(await body.findByRole('button', { name: /60/ })).toBeDisabled();
    await expect(forgotCode.calls.requestCode).toHaveBeenCalledWith({ mobile: '86-13800000002', purpose: 2, altcha: expect.any(String) });
    const codeSolution = (forgotCode.calls.requestCode.mock.calls[0]?.[0] as SmsCodeRequest).altcha;
    await expect(codeSolution).not.toBe('');
    // That solution is spent: the reset needs a new one, which the new challenge solves by itself (no second tick).
    await expectHumanCheckSolvedAgain(ticked);
    await userEvent.type(body.getByRole('textbox', { name: zh['login.smsCode'] }), '123456');
    await userEvent.type(body.getByLabelText(zh['login.newPassword']), 'newpass1');
    const solvedAgain = humanCheckWidget();
    await userEvent.click(body.getByRole('button', { name: zh['login.submitReset'] }));
    await expect(await body.findByRole('alert')).toHaveTextContent(zh['login.resetDone']);
    await expect(forgotCode.calls.submitPhone).toHaveBeenCalledOnce();
    await expect(forgotCode.calls.submitPhone).toHaveBeenCalledWith(expect.objectContaining({ mode: 'forgot', altcha: expect.stringMatching(/.+/) }));
    const resetSolution = (forgotCode.calls.submitPhone.mock.calls[0]?.[0] as { altcha: string }).altcha;
    await expect(resetSolution).not.toBe(codeSolution);
    // The reset spent that one too; the next challenge solves itself as well.
    await expectHumanCheckSolvedAgain(solvedAgain);
  },
};

