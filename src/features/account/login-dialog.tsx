import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { useSiteConfig } from '../../api/queries/account.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { qrLoginOverSocket } from '../../realtime/qr-login-socket.ts';
import { useSiteSocketLater } from '../../realtime/site-socket.tsx';
import {
  defaultCountryCode,
  loginMachine,
  mobileMaxLength,
  smsCodeMaxLength,
  type LoginActor,
  type LoginInput,
  type LoginSession,
} from '../../machines/login-machine.ts';
import type { QrLoginActor } from '../../machines/qr-login-machine.ts';
import type { smsCountdownMachine } from '../../machines/sms-countdown-machine.ts';
import { Button } from '../../ui/button.tsx';
import { CountdownButton } from '../../ui/countdown-button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Select } from '../../ui/select.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import type { ActorRefFrom } from 'xstate';
import { AltchaCheck } from '../../realtime/altcha-check.tsx';
import { loginActors } from './login-actors.ts';
import { readSavedAccount, writeSavedAccount } from './saved-account.ts';
import styles from './login-dialog.module.css';

// SPEC §2: the login dialog is 500 px wide.
const loginDialogWidth = 500;

export interface LoginDialogProps {
  /** The login dialog flag (SPEC §4). */
  open: boolean;
  /** Lowers the flag. */
  onClose: () => void;
  /** Saves the session the dialog got (SPEC §4): the app stores it and logs into messaging. */
  onLoggedIn: (session: LoginSession, via: 'qr' | 'phone') => void;
  /** The machine with its actors; stories pass one with stubs. Defaults to the server's. */
  machine?: typeof loginMachine;
}

/** The login dialog of SPEC §2 and §4: QR login by default, phone login in three modes. */
export function LoginDialog({ open, onClose, onLoggedIn, machine }: LoginDialogProps) {
  const t = useMessage();
  return (
    <Dialog open={open} title={t('route.login')} onClose={onClose} closeLabel={t('common.close')} width={loginDialogWidth}>
      {open && <LoginPanel onClose={onClose} onLoggedIn={onLoggedIn} machine={machine} />}
    </Dialog>
  );
}

function LoginPanel({ onClose, onLoggedIn, machine }: Omit<LoginDialogProps, 'open'>) {
  const config = useSiteConfig();
  if (config.isPending) return null;
  const countryCode = config.data?.CountryCode[0]?.code ?? defaultCountryCode;
  const countries = config.data?.CountryCode ?? [];
  return (
    <LoginForm
      input={{ countryCode, saved: readSavedAccount() }}
      countries={countries.length ? countries.map((entry) => ({ code: entry.code, name: entry.name })) : [{ code: defaultCountryCode, name: '' }]}
      onClose={onClose}
      onLoggedIn={onLoggedIn}
      machine={machine}
    />
  );
}

interface LoginFormProps extends Omit<LoginDialogProps, 'open'> {
  input: LoginInput;
  countries: { code: string; name: string }[];
}

function LoginForm({ input, countries, onClose, onLoggedIn, machine }: LoginFormProps) {
  const api = useApi();
  const socket = useSiteSocketLater();
  const t = useMessage();
  const logic = useMemo(
    () =>
      (machine ?? loginMachine.provide({ actors: loginActors(api, qrLoginOverSocket(socket)) })).provide({
        actions: {
          sessionStarted: ({ context }) => {
            if (!context.session || !context.via) return;
            if (context.via === 'phone') {
              writeSavedAccount(
                context.remember ? { countryCode: context.countryCode, mobile: context.mobile } : null,
              );
            }
            onLoggedIn(context.session, context.via);
          },
        },
      }),
    [api, socket, machine, onLoggedIn],
  );
  const actor = useActorRef(logic, { input });
  const done = useSelector(actor, (state) => state.status === 'done');
  const onQr = useSelector(actor, (state) => state.matches('qr'));

  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  return (
    <div className={styles.panel}>
      <Tabs
        label={t('login.method')}
        tabs={[
          { key: 'qr', label: t('login.qrTab') },
          { key: 'phone', label: t('login.phoneTab') },
        ]}
        selected={onQr ? 'qr' : 'phone'}
        onSelect={(key) => actor.send({ type: key === 'qr' ? 'mode.qr' : 'mode.phone' })}
      >
        {onQr ? <QrPane actor={actor} /> : <PhonePane actor={actor} countries={countries} />}
      </Tabs>
    </div>
  );
}

function QrPane({ actor }: { actor: LoginActor }) {
  const qrActor = useSelector(actor, (state) => state.children.qr as QrLoginActor | undefined);
  if (!qrActor) return null;
  return <QrView qrActor={qrActor} />;
}

function QrView({ qrActor }: { qrActor: QrLoginActor }) {
  const t = useMessage();
  const img = useSelector(qrActor, (state) => state.context.qr?.img ?? null);
  const loading = useSelector(qrActor, (state) => state.matches('loading'));
  const scanned = useSelector(qrActor, (state) => state.hasTag('scanned'));
  const refresh = useSelector(qrActor, (state) => state.hasTag('refresh'));
  const expired = useSelector(qrActor, (state) => state.matches('expired'));
  return (
    <div className={styles.qr}>
      <div className={styles.qrFrame} aria-busy={loading}>
        {img && !expired && <img src={img} alt={t('login.qrAlt')} />}
        {scanned && (
          <div className={styles.qrCover} role="status">
            <span className={styles.check} aria-hidden="true">
              ✓
            </span>
            {t('login.qrScanned')}
          </div>
        )}
        {refresh && (
          <div className={styles.qrCover}>
            <span>{expired ? t('login.qrExpired') : t('error.generic')}</span>
            <Button variant="primary" onClick={() => qrActor.send({ type: 'qr.refresh' })}>
              {t('login.qrRefresh')}
            </Button>
          </div>
        )}
      </div>
      <p className={styles.muted}>{t('login.qrHint')}</p>
    </div>
  );
}

type SmsActor = ActorRefFrom<typeof smsCountdownMachine>;

function PhonePane({ actor, countries }: { actor: LoginActor; countries: { code: string; name: string }[] }) {
  const t = useMessage();
  const context = useSelector(actor, (state) => state.context);
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  const smsActor = useSelector(actor, (state) => state.children.sms as SmsActor | undefined);
  const { mode } = context;
  const change = (field: 'countryCode' | 'mobile' | 'password' | 'smsCode') => (value: string) =>
    actor.send({ type: 'field.changed', field, value });
  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      actor.send({ type: 'form.submit' });
    }
  };
  const submitLabel = mode === 'code' ? t('login.submitLogin') : mode === 'regiter' ? t('login.submitRegister') : t('login.submitReset');

  return (
    <form
      className={styles.panel}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <div className={styles.switch}>
        {mode === 'code' && (
          <button type="button" className={styles.link} onClick={() => actor.send({ type: 'mode.regiter' })}>
            {t('login.toRegister')}
          </button>
        )}
        {mode === 'regiter' && (
          <button type="button" className={styles.link} onClick={() => actor.send({ type: 'mode.code' })}>
            {t('login.toLogin')}
          </button>
        )}
        {mode !== 'forgot' ? (
          <button type="button" className={styles.link} onClick={() => actor.send({ type: 'mode.forgot' })}>
            {t('login.toForgot')}
          </button>
        ) : (
          <button type="button" className={styles.link} onClick={() => actor.send({ type: 'mode.code' })}>
            {t('login.toLogin')}
          </button>
        )}
      </div>
      <div className={styles.row}>
        <Select
          label={t('login.countryCode')}
          value={context.countryCode}
          options={countries.map((entry) => ({ value: entry.code, label: entry.name ? `+${entry.code} ${entry.name}` : `+${entry.code}` }))}
          onChange={change('countryCode')}
        />
        <TextInput label={t('login.mobile')} type="tel" value={context.mobile} maxLength={mobileMaxLength} onChange={change('mobile')} />
      </div>
      {mode !== 'code' && (
        <div className={styles.codeRow}>
          <TextInput label={t('login.smsCode')} value={context.smsCode} maxLength={smsCodeMaxLength} onChange={change('smsCode')} />
          {smsActor && <SmsButton smsActor={smsActor} onRequest={() => actor.send({ type: 'sms.request' })} />}
        </div>
      )}
      <div className={styles.passwordRow}>
        <TextInput
          label={mode === 'forgot' ? t('login.newPassword') : t('login.password')}
          type={context.passwordShown ? 'text' : 'password'}
          value={context.password}
          onChange={change('password')}
          onKeyDown={submitOnEnter}
        />
        <Button onClick={() => actor.send({ type: 'password.toggled' })}>
          {context.passwordShown ? t('login.hidePassword') : t('login.showPassword')}
        </Button>
      </div>
      {mode === 'code' && (
        <label className={styles.options}>
          <span>
            <input type="checkbox" checked={context.remember} onChange={() => actor.send({ type: 'remember.toggled' })} /> {t('login.remember')}
          </span>
        </label>
      )}
      <AltchaCheck
        key={context.altchaRound}
        solveAtOnce={context.altchaRound > 0}
        onSolved={(payload) => actor.send({ type: 'altcha.solved', payload })}
        onReset={() => actor.send({ type: 'altcha.reset' })}
      />
      {context.notice && (
        <p className={[styles.notice, context.notice === 'login.resetDone' ? styles.noticeDone : ''].join(' ')} role="alert">
          {t(context.notice)}
        </p>
      )}
      <div className={styles.submit}>
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function SmsButton({ smsActor, onRequest }: { smsActor: SmsActor; onRequest: () => void }) {
  const t = useMessage();
  const remaining = useSelector(smsActor, (state) => state.context.remaining);
  const requesting = useSelector(smsActor, (state) => state.matches('requesting'));
  return (
    <CountdownButton
      label={t('login.getCode')}
      remainingSeconds={remaining}
      countingLabel={(seconds) => t('login.resendIn', { seconds })}
      onClick={onRequest}
      disabled={requesting}
    />
  );
}
