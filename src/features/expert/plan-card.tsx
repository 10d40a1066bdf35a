import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { link } from '../../routes.ts';
import styles from './expert-pages.module.css';

type Plan = components['schemas']['ExpertPlan'];

/** A line as bettors write it: a quarter line as its two halves (−0.25 is 0/−0.5). */
export function lineText(line: number | null): string {
  if (line === null) return '';
  const quarters = Math.round(line * 4);
  const show = (value: number) => (value > 0 ? `+${String(value)}` : String(value));
  if (quarters % 2 === 0) return show(line);
  return `${show((quarters - 1) / 4)}/${show((quarters + 1) / 4)}`;
}

/** The plan's status as the SPEC names it (SPEC §4 settlement). */
export function PlanStatusBadge({ plan }: { plan: Plan }) {
  const t = useMessage();
  return (
    <span className={styles.status} data-status={plan.status}>
      {t(`expert.status.${plan.status}`)}
    </span>
  );
}

/** A plan in a list: match, market, price and status; the pick only when the reader may see it. */
export function PlanCard({ plan }: { plan: Plan }) {
  const t = useMessage();
  return (
    <li className={styles.plan}>
      <a href={link('specialistDetail', { id: plan.id })} className={styles.planTitle}>
        <span data-user-content>{plan.title}</span>
      </a>
      <div className={styles.meta}>
        <span>
          {plan.league} · {plan.home_team} vs {plan.away_team}
        </span>
        <span className={styles.number}>{new Date(plan.kickoff * 1000).toLocaleString()}</span>
      </div>
      <div className={styles.meta}>
        <span>
          {t(`expert.market.${plan.market}`)} {lineText(plan.line)} @ <span className={styles.number}>{plan.odds.toFixed(2)}</span>
        </span>
        <span>{plan.pick ? t(`expert.pick.${plan.pick}`) : t('expert.plan.locked')}</span>
        <span>{plan.price === 0 ? t('expert.plan.free') : t('expert.plan.price', { price: plan.price })}</span>
        <PlanStatusBadge plan={plan} />
      </div>
      {!plan.unlocked && <p className={styles.teaser} data-user-content>
          {plan.teaser}…
        </p>}
    </li>
  );
}
