import { useEffect, useState, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { useHeadlinePage } from '../../api/queries/content.ts';
import { useOddsHistory } from '../../api/queries/scores.ts';
import { useBuyPlan, useExpertProfile, useExpertRanking, usePlanDetail, usePlanList } from '../../api/queries/expert.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import { planSealText } from '../../machines/plan-seal.ts';
import { readStoredToken, useStoredUser } from '../../realtime/stored-user.ts';
import { link, useRouteQuery } from '../../routes.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { DataTable, numeric } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Page } from '../../ui/page.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import styles from './expert-pages.module.css';
import { lineText, PlanCard, PlanStatusBadge } from './plan-card.tsx';

type Summary = components['schemas']['ExpertSummary'];
type Plan = components['schemas']['ExpertPlan'];
type HitRate = components['schemas']['HitRate'];

// The expert pages of SPEC §2 (/specialist, /specialist-home, /specialist-info, /specialist-detail,
// /specialist-news), one module so the area is one chunk.

function HitFigure({ hit }: { hit: HitRate }) {
  const t = useMessage();
  return (
    <span className={styles.number}>
      {hit.rate === null ? '—' : `${Math.round(hit.rate * 1000) / 10}%`} <span className={styles.muted}>{t('expert.rank.over', { count: hit.settled })}</span>
    </span>
  );
}

function Streak({ streak }: { streak: number }) {
  const t = useMessage();
  if (streak === 0) return <span>—</span>;
  return <span>{streak > 0 ? t('expert.rank.wins', { count: streak }) : t('expert.rank.losses', { count: -streak })}</span>;
}

const percent = (value: number | null) => (value === null ? '—' : `${value > 0 ? '+' : ''}${Math.round(value * 1000) / 10}%`);

function SportTabs({ type, route }: { type: 0 | 1; route: 'specialist' | 'specialistNews' }) {
  const t = useMessage();
  return (
    <nav className={styles.sportTabs} aria-label={t('expert.sport.choose')}>
      {([0, 1] as const).map((sport) => (
        <a key={sport} href={link(route, { type: sport })} aria-current={sport === type ? 'page' : undefined}>
          {t(sport === 0 ? 'expert.sport.football' : 'expert.sport.basketball')}
        </a>
      ))}
    </nav>
  );
}

/** /specialist?type=0|1: experts of one sport by hit rate over their last 10 or 30 settled plans. */
export function SpecialistScreen({ title }: { title: string }) {
  const t = useMessage();
  const { type } = useRouteQuery('specialist');
  const [window, setWindow] = useState<10 | 30>(10);
  const ranking = useExpertRanking(type, window);
  return (
    <Page title={title}>
      <SportTabs type={type} route="specialist" />
      <div className={styles.row}>
        {([10, 30] as const).map((size) => (
          <Button key={size} variant={size === window ? 'primary' : undefined} onClick={() => setWindow(size)}>
            {t('expert.rank.window', { count: size })}
          </Button>
        ))}
        <a href={link('specialistNews', { type })}>{t('expert.news.latest')}</a>
      </div>
      {!ranking.data ? (
        <EmptyState title={t('common.loading')} busy={ranking.isPending} />
      ) : ranking.data.length === 0 ? (
        <EmptyState title={t('common.noData')} />
      ) : (
        <DataTable caption={title}>
          <thead>
            <tr>
              <th className={numeric}>#</th>
              <th>{t('expert.rank.expert')}</th>
              <th>{t('expert.rank.hit10')}</th>
              <th className={styles.wide}>{t('expert.rank.hit30')}</th>
              <th>{t('expert.rank.streak')}</th>
              <th className={`${numeric} ${styles.wide}`}>{t('expert.rank.return')}</th>
              <th className={`${numeric} ${styles.wide}`}>{t('expert.rank.open')}</th>
            </tr>
          </thead>
          <tbody>
            {ranking.data.map((expert: Summary, index) => (
              <tr key={expert.user_id}>
                <td className={numeric}>{index + 1}</td>
                <td>
                  <a className={styles.person} href={link('specialistHome', { type, id: expert.user_id })}>
                    <Avatar src={expert.avatar} name={expert.user_nickname} size={32} />
                    <span>
                      <span data-user-content>{expert.user_nickname}</span>
                      <br />
                      <span className={styles.muted} data-user-content>
                        {expert.title}
                      </span>
                    </span>
                  </a>
                </td>
                <td>
                  <HitFigure hit={expert.hit_last_10} />
                </td>
                <td className={styles.wide}>
                  <HitFigure hit={expert.hit_last_30} />
                </td>
                <td>
                  <Streak streak={expert.streak} />
                </td>
                <td className={`${numeric} ${styles.wide}`}>{percent(expert.return_rate)}</td>
                <td className={`${numeric} ${styles.wide}`}>{expert.open_plans}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </Page>
  );
}

function ExpertHeader({ expert }: { expert: Summary }) {
  const t = useMessage();
  return (
    <header className={styles.header}>
      <Avatar src={expert.avatar} name={expert.user_nickname} size={64} />
      <div>
        <h2 data-user-content>{expert.user_nickname}</h2>
        <p className={styles.muted}>
          <span data-user-content>{expert.title}</span> · {t(`expert.sport.${expert.sport}`)}
        </p>
        <dl className={styles.figures}>
          <dt>{t('expert.rank.hit10')}</dt>
          <dd>
            <HitFigure hit={expert.hit_last_10} />
          </dd>
          <dt>{t('expert.rank.hit30')}</dt>
          <dd>
            <HitFigure hit={expert.hit_last_30} />
          </dd>
          <dt>{t('expert.rank.streak')}</dt>
          <dd>
            <Streak streak={expert.streak} />
          </dd>
          <dt>{t('expert.rank.return')}</dt>
          <dd className={styles.number}>{percent(expert.return_rate)}</dd>
        </dl>
      </div>
    </header>
  );
}

function PlanPages({ expertId, type }: { expertId?: number; type: 0 | 1 }) {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const plans = usePlanList({ ...(expertId === undefined ? { type } : { expert_id: expertId }), page, limit: 10 });
  if (!plans.data) return <EmptyState title={t('common.loading')} busy={plans.isPending} />;
  if (plans.data.list.length === 0) return <EmptyState title={t('common.noData')} />;
  return (
    <>
      <ul className={styles.plans}>
        {plans.data.list.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      <Pagination {...pageLabels} page={page} pageCount={pageCountOf(plans.data.total, plans.data.limit)} onChange={setPage} label={t('expert.home.plans')} />
    </>
  );
}

/**
 * The articles an expert wrote through the news form (Headlines_user/insert) and an admin published:
 * one expert's (authorId), or those of a sport's experts (type). Each opens on /detail as any article.
 */
function ArticleList({ authorId, type, limit }: { authorId?: number; type: 0 | 1; limit: number }) {
  const t = useMessage();
  const { locale } = useIntl();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const articles = useHeadlinePage({ ...(authorId === undefined ? { expert_type: type } : { author_id: authorId }), page, limit }, locale);
  if (!articles.data) return <EmptyState title={t('common.loading')} busy={articles.isPending} />;
  if (articles.data.list.length === 0) return <EmptyState title={t('expert.articles.none')} />;
  return (
    <>
      <ul className={styles.articles}>
        {articles.data.list.map((article) => (
          <li key={article.id} className={styles.article}>
            <a href={link('detail', { id: article.id })} data-user-content>
              {article.title}
            </a>
            {article.summary && (
              <p className={styles.articleSummary} data-user-content>
                {article.summary}
              </p>
            )}
            <time className={styles.articleTime} dateTime={new Date(article.publish_time * 1000).toISOString()}>
              {new Date(article.publish_time * 1000).toLocaleDateString(locale)}
            </time>
          </li>
        ))}
      </ul>
      {articles.data.total > articles.data.limit && (
        <Pagination {...pageLabels} page={page} pageCount={pageCountOf(articles.data.total, articles.data.limit)} onChange={setPage} label={t('expert.articles.title')} />
      )}
    </>
  );
}

/** /specialist-home?id=: an expert's record, plans and articles. */
export function SpecialistHomeScreen({ title }: { title: string }) {
  const t = useMessage();
  const { id, type } = useRouteQuery('specialistHome');
  const user = useStoredUser();
  const profile = useExpertProfile(id);
  if (id === undefined || profile.isError) return <Page title={title}><EmptyState title={t('common.noData')} /></Page>;
  return (
    <Page title={title}>
      {profile.data ? <ExpertHeader expert={profile.data} /> : <EmptyState title={t('common.loading')} busy />}
      <div className={styles.row}>
        <a href={link('specialistInfo', { id })}>{t('expert.home.info')}</a>
        <a href={link('specialistNews', { id, type })}>{t('expert.home.news')}</a>
      </div>
      <section className={styles.section} aria-labelledby="expert-plans">
        <h2 id="expert-plans">{t('expert.home.plans')}</h2>
        <PlanPages expertId={id} type={type} />
      </section>
      <section className={styles.section} aria-labelledby="expert-articles">
        <h2 id="expert-articles">{t('expert.articles.title')}</h2>
        {user?.id === id && <a href={link('news')}>{t('expert.articles.write')}</a>}
        <ArticleList authorId={id} type={type} limit={5} />
      </section>
    </Page>
  );
}

/** /specialist-info?id=: who the expert is: the introduction from their application, tags and record. */
export function SpecialistInfoScreen({ title }: { title: string }) {
  const t = useMessage();
  const { id } = useRouteQuery('specialistInfo');
  const profile = useExpertProfile(id);
  if (id === undefined || profile.isError) return <Page title={title}><EmptyState title={t('common.noData')} /></Page>;
  if (!profile.data) return <Page title={title}><EmptyState title={t('common.loading')} busy /></Page>;
  return (
    <Page title={title}>
      <ExpertHeader expert={profile.data} />
      <section className={styles.section} aria-labelledby="expert-intro">
        <h2 id="expert-intro">{t('expert.info.intro')}</h2>
        {profile.data.intro ? (
          <p className={styles.analysis} data-user-content>
            {profile.data.intro}
          </p>
        ) : (
          <p className={styles.analysis}>{t('common.noData')}</p>
        )}
        {profile.data.tags.length > 0 && (
          <ul className={styles.tags} aria-label={t('expert.info.tags')}>
            {profile.data.tags.map((tag) => (
              <li key={tag} data-user-content>
                {tag}
              </li>
            ))}
          </ul>
        )}
        <a href={link('specialistHome', { id, type: profile.data.sport === 'basketball' ? 1 : 0 })}>{t('expert.info.toHome')}</a>
      </section>
    </Page>
  );
}

/** /specialist-news: the experts' news, of one expert (id) or of a sport (type): their newest articles, then plans. */
export function SpecialistNewsScreen({ title }: { title: string }) {
  const t = useMessage();
  const { id, type } = useRouteQuery('specialistNews');
  return (
    <Page title={title}>
      {id === undefined && <SportTabs type={type} route="specialistNews" />}
      <div className={styles.sections}>
        <section className={styles.section} aria-labelledby="expert-news-articles">
          <h2 id="expert-news-articles">{t('expert.articles.title')}</h2>
          <ArticleList authorId={id} type={type} limit={10} />
        </section>
        <section className={styles.section} aria-labelledby="expert-news-plans">
          <h2 id="expert-news-plans">{t('expert.news.latest')}</h2>
          <PlanPages expertId={id} type={type} />
        </section>
      </div>
    </Page>
  );
}

/** The odds chart of the match centre, handed in by the route table (features do not import each other). */
export type OddsChartComponent = ComponentType<{
  samples: ReadonlyArray<{ at: number; first: number; second: number; line?: number | null; closed?: boolean }>;
  label: string;
  names: readonly [string, string];
  openingLabel: string;
  currentLabel: string;
  formatLine?: (line: number) => string;
}>;

const historyKey = { asia: 'asian_handicap', over_under: 'over_under', europe: 'one_x_two' } as const;

/** The seal checked in the reader's browser once the nonce is shown: SHA-256 of the published text. */
function useSealCheck(plan: Plan | undefined): boolean | null {
  const [checked, setChecked] = useState<boolean | null>(null);
  useEffect(() => {
    if (!plan?.seal_nonce || !plan.pick) return;
    const text = planSealText({
      expert_id: plan.expert_id,
      match_id: plan.match_id,
      market: plan.market,
      pick: plan.pick,
      line: plan.line,
      odds: plan.odds,
      published_at: plan.published_at,
      nonce: plan.seal_nonce,
    });
    void crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)).then((digest) => {
      const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
      setChecked(hex === plan.seal);
    });
  }, [plan]);
  return checked;
}

/** /specialist-detail?id=: one plan: teaser or whole, the seal, buying, and the odds from publication to kick-off. */
export function specialistDetailScreen(OddsChart: OddsChartComponent) {
  return function SpecialistDetailScreen({ title }: { title: string }) {
    const t = useMessage();
    const { id } = useRouteQuery('specialistDetail');
    const detail = usePlanDetail(id);
    const plan = detail.data;
    const buy = useBuyPlan();
    // One key per purchase offered: a retry after a lost answer is the same purchase.
    const [key] = useState(() => crypto.randomUUID());
    const sealOk = useSealCheck(plan);
    const history = useOddsHistory({ match_id: plan?.match_id ?? 0, company_id: plan?.odds_company_id ?? 0 }, { enabled: Boolean(plan?.odds_company_id) });
    if (id === undefined || detail.isError) return <Page title={title}><EmptyState title={t('common.noData')} /></Page>;
    if (!plan) return <Page title={title}><EmptyState title={t('common.loading')} busy /></Page>;
    const entries = history.data?.[historyKey[plan.market]] ?? [];
    const samples = entries.map((entry) => ({ at: entry.at, first: entry.home, second: entry.away, line: entry.line, closed: entry.closed }));
    const names: [string, string] = plan.market === 'over_under' ? [t('expert.pick.over'), t('expert.pick.under')] : [t('expert.pick.home'), t('expert.pick.away')];
    return (
      <Page title={title}>
        <article className={styles.detail}>
          <header>
            <h2 data-user-content>{plan.title}</h2>
            <p className={styles.meta}>
              <a href={link('specialistHome', { id: plan.expert_id, type: plan.sport === 'basketball' ? 1 : 0 })} data-user-content>
                {plan.expert_nickname}
              </a>
              <span data-user-content>
                {plan.league} · {plan.home_team} vs {plan.away_team}
              </span>
              <span className={styles.number}>{t('expert.plan.kickoff', { time: new Date(plan.kickoff * 1000).toLocaleString() })}</span>
              <PlanStatusBadge plan={plan} />
            </p>
          </header>
          <dl className={styles.figures}>
            <dt>{t('expert.publish.market')}</dt>
            <dd>
              {t(`expert.market.${plan.market}`)} {lineText(plan.line)}
            </dd>
            <dt>{t('expert.plan.odds')}</dt>
            <dd className={styles.number}>{plan.odds.toFixed(2)}</dd>
            <dt>{t('expert.publish.pick')}</dt>
            <dd>{plan.pick ? t(`expert.pick.${plan.pick}`) : t('expert.plan.locked')}</dd>
            {plan.final_score && (
              <>
                <dt>{t('expert.plan.final')}</dt>
                <dd className={styles.number}>
                  {plan.final_score.home} : {plan.final_score.away}
                </dd>
              </>
            )}
            <dt>{t('expert.plan.published')}</dt>
            <dd className={styles.number}>{new Date(plan.published_at * 1000).toLocaleString()}</dd>
          </dl>
          {plan.analysis ? (
            <p className={styles.analysis} data-user-content>
              {plan.analysis}
            </p>
          ) : (
            <div className={styles.locked}>
              <p className={styles.teaser} data-user-content>
                {plan.teaser}…
              </p>
              {plan.status === 'to_be_settled' && plan.match_status === 'not_started' ? (
                readStoredToken() === null ? (
                  <p>{t('expert.plan.loginToBuy')}</p>
                ) : (
                  <Button variant="primary" disabled={buy.isPending} onClick={() => buy.mutate({ id: plan.id, key })}>
                    {t('expert.plan.buy', { price: plan.price })}
                  </Button>
                )
              ) : (
                <p>{t('expert.plan.closed')}</p>
              )}
              {buy.error && <p role="alert">{buy.error.message}</p>}
            </div>
          )}
          <section className={styles.section} aria-labelledby="plan-seal">
            <h3 id="plan-seal">{t('expert.seal.title')}</h3>
            <p className={styles.hash}>{plan.seal}</p>
            {plan.seal_nonce ? (
              <p role="status">
                {t('expert.seal.nonce')} <code>{plan.seal_nonce}</code> ·{' '}
                {sealOk === null ? t('expert.seal.checking') : sealOk ? t('expert.seal.ok') : t('expert.seal.bad')}
              </p>
            ) : (
              <p className={styles.muted}>{t('expert.seal.until')}</p>
            )}
          </section>
          {samples.length > 0 && (
            <section className={styles.section} aria-labelledby="plan-odds">
              <h3 id="plan-odds">{t('expert.plan.oddsMovement')}</h3>
              <OddsChart
                samples={samples}
                label={t('expert.plan.oddsMovement')}
                names={names}
                openingLabel={t('expert.plan.opening')}
                currentLabel={t('expert.plan.current')}
                formatLine={plan.market === 'europe' ? undefined : lineText}
              />
            </section>
          )}
        </article>
      </Page>
    );
  };
}
