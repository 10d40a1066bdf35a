import { useId } from 'react';
import { useIntl } from 'react-intl';
import { localName } from '../../i18n/locale.ts';
import { useMessage } from '../../i18n/use-message.ts';
import type { GoalPopupSettings } from '../../machines/goal-popup-queue-machine.ts';
import styles from './game-settings-panel.module.css';

export interface GameSettingsPanelProps {
  /** The settings shown, as stored under `gameSeting`. */
  settings: GoalPopupSettings;
  /** Called with the whole new settings when a switch is flipped or a league unmuted. */
  onChange: (settings: GoalPopupSettings) => void;
  /** Plays the goal sound once, so the user hears what voice turns on. */
  onTestSound: () => void;
}

const switches = ['goal', 'red', 'yellow', 'voice'] as const;

const scopes = ['followed', 'all'] as const;

/** SPEC §3 game settings: which pop-ups show, for which matches, whether they sound, and the leagues muted. */
export function GameSettingsPanel({ settings, onChange, onTestSound }: GameSettingsPanelProps) {
  const t = useMessage();
  const { locale } = useIntl();
  const legendId = useId();
  const scopeId = useId();
  return (
    <fieldset className={styles.panel} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        {t('gameSettings.title')}
      </legend>
      <div className={styles.switches}>
        {switches.map((key) => (
          <label key={key} className={styles.switch}>
            <input type="checkbox" role="switch" checked={settings[key]} onChange={(event) => onChange({ ...settings, [key]: event.target.checked })} />
            {t(`gameSettings.${key}`)}
          </label>
        ))}
        <button type="button" className={styles.test} onClick={onTestSound}>
          {t('gameSettings.testSound')}
        </button>
      </div>
      <div className={styles.muted} role="radiogroup" aria-labelledby={scopeId}>
        <span id={scopeId} className={styles.mutedLabel}>
          {t('gameSettings.scope')}
        </span>
        {scopes.map((scope) => (
          <label key={scope} className={styles.switch}>
            <input type="radio" name={scopeId} checked={settings.scope === scope} onChange={() => onChange({ ...settings, scope })} />
            {t(`gameSettings.scope.${scope}`)}
          </label>
        ))}
      </div>
      <div className={styles.muted}>
        <span className={styles.mutedLabel}>{t('gameSettings.followedTeams')}</span>
        {settings.followedTeams.length === 0 ? (
          <span className={styles.none}>{t('gameSettings.noFollowedTeams')}</span>
        ) : (
          <ul className={styles.leagues}>
            {settings.followedTeams.map((team) => {
              const name = localName(team, locale);
              return (
                <li key={team.zh}>
                  <button
                    type="button"
                    className={styles.league}
                    aria-label={t('gameSettings.unfollowTeam', { team: name })}
                    onClick={() => onChange({ ...settings, followedTeams: settings.followedTeams.filter((entry) => entry.zh !== team.zh) })}
                  >
                    {name} ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className={styles.muted}>
        <span className={styles.mutedLabel}>{t('gameSettings.mutedLeagues')}</span>
        {settings.mutedLeagues.length === 0 ? (
          <span className={styles.none}>{t('gameSettings.noMutedLeagues')}</span>
        ) : (
          <ul className={styles.leagues}>
            {settings.mutedLeagues.map((league) => (
              <li key={league}>
                <button
                  type="button"
                  className={styles.league}
                  aria-label={t('gameSettings.unmuteLeague', { league })}
                  onClick={() => onChange({ ...settings, mutedLeagues: settings.mutedLeagues.filter((entry) => entry !== league) })}
                >
                  {league} ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
