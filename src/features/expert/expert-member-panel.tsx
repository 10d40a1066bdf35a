import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { useMemberInfo } from '../../api/queries/account.ts';
import {
  useApplyForExpert,
  useBoughtPlans,
  useMyExpertApplication,
  useMySales,
  usePublishableMatches,
  usePublishPlan,
  useRefreshExpertStanding,
} from '../../api/queries/expert.ts';
import type { components } from '../../api/schema';
import { useMessage } from '../../i18n/use-message.ts';
import { usePaginationLabels } from '../../i18n/use-pagination-labels.ts';
import {
  expertApplicationProblems,
  expertReviewMachine,
  maxExperienceWords,
  wordCount,
  type ExpertApplicationForm,
  type ExpertSpeciality,
} from '../../machines/expert-review-machine.ts';
import { useStoredUser } from '../../realtime/stored-user.ts';
import { link } from '../../routes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Form } from '../../ui/form.tsx';
import { Pagination, pageCountOf } from '../../ui/pagination.tsx';
import { Select } from '../../ui/select.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './expert-pages.module.css';
import { lineText, PlanCard } from './plan-card.tsx';

type Application = components['schemas']['ExpertApplication'];
type Market = components['schemas']['PlanMarket'];
type Pick = components['schemas']['PlanPick'];

/**
 * /member?type=5: the member centre's expert section. A user applies to be an expert (SPEC §5) and
 * sees the review; an expert publishes plans and sees their sales; everyone finds the plans they bought.
 */
export function ExpertMemberPanel() {
  const t = useMessage();
  const userId = useStoredUser()?.id ?? null;
  const me = useMemberInfo(userId);
  const application = useMyExpertApplication(userId);
  if (userId === null) return <EmptyState icon="user" title={t('expert.loginFirst')} />;
  if (me.isPending || !application.isSuccess) return <EmptyState title={t('common.loading')} busy />;
  const isExpert = me.data?.is_expert === 1;
  return (
    <div className={styles.sections}>
      {isExpert ? (
        <>
          <PublishPlan />
          <MySales />
        </>
      ) : (
        <ExpertApplication key={application.data?.status ?? 'none'} application={application.data} />
      )}
      <BoughtPlans />
    </div>
  );
}

function ExpertApplication({ application }: { application: Application | null }) {
  const t = useMessage();
  const apply = useApplyForExpert();
  const refresh = useRefreshExpertStanding();
  const logic = useMemo(
    () =>
      expertReviewMachine.provide({
        actors: {
          submit: fromPromise<void, { form: ExpertApplicationForm }>(async ({ input }) => {
            await apply.mutateAsync({ speciality: input.form.speciality, experience: input.form.experience, analyst_code_agreed: true });
            refresh();
          }),
        },
      }),
    [apply, refresh],
  );
  const actor = useActorRef(logic, { input: { status: application?.status ?? null, reason: application?.reason ?? null } });
  const state = useSelector(actor, (snapshot) => snapshot);
  const [form, setForm] = useState<ExpertApplicationForm>({ speciality: 'football', experience: '', analyst_code_agreed: false });
  const [tried, setTried] = useState(false);
  const problem = expertApplicationProblems(form)[0];
  const words = wordCount(form.experience);
  if (state.matches('underReview') || state.matches('submitting')) {
    return (
      <section className={styles.section} aria-labelledby="expert-apply">
        <h2 id="expert-apply">{t('expert.apply.title')}</h2>
        <p role="status">{t('expert.apply.underReview')}</p>
      </section>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="expert-apply">
      <h2 id="expert-apply">{t('expert.apply.title')}</h2>
      {state.matches('refused') && <p role="status">{t('expert.apply.refused', { reason: state.context.reason ?? application?.reason ?? '' })}</p>}
      <Form
        submitLabel={t('expert.apply.submit')}
        busy={state.hasTag('busy')}
        problem={state.context.failure ?? (tried && problem ? t(`expert.apply.problem.${problem}`) : null)}
        onSubmit={() => {
          setTried(true);
          actor.send({ type: 'application.submit', form: { ...form, experience: form.experience.trim() } });
        }}
      >
        <Select<ExpertSpeciality>
          label={t('expert.apply.speciality')}
          value={form.speciality}
          options={[
            { value: 'football', label: t('expert.sport.football') },
            { value: 'basketball', label: t('expert.sport.basketball') },
          ]}
          onChange={(speciality) => setForm({ ...form, speciality })}
        />
        <label className={styles.field}>
          <span>{t('expert.apply.experience')}</span>
          <textarea rows={6} maxLength={1200} value={form.experience} onChange={(event) => setForm({ ...form, experience: event.target.value })} />
          <span className={words > maxExperienceWords ? styles.over : styles.muted}>{t('expert.apply.words', { words, max: maxExperienceWords })}</span>
        </label>
        <label>
          <input type="checkbox" checked={form.analyst_code_agreed} onChange={(event) => setForm({ ...form, analyst_code_agreed: event.target.checked })} />{' '}
          {t('expert.apply.code')}
        </label>
      </Form>
    </section>
  );
}

const picksOf: Record<Market, Pick[]> = { asia: ['home', 'away'], over_under: ['over', 'under'], europe: ['home', 'draw', 'away'] };

function PublishPlan() {
  const t = useMessage();
  const matches = usePublishableMatches(true);
  const publish = usePublishPlan();
  const [matchId, setMatchId] = useState<string>('');
  const [market, setMarket] = useState<Market>('asia');
  const [pick, setPick] = useState<Pick>('home');
  const [title, setTitle] = useState('');
  const [analysis, setAnalysis] = useState('');
  const [price, setPrice] = useState('0');
  const [problem, setProblem] = useState<string | null>(null);
  const match = matches.data?.find((candidate) => String(candidate.match_id) === matchId) ?? matches.data?.[0];
  const prices = match?.markets.find((candidate) => candidate.market === market);
  const oddsOf = (choice: Pick) => {
    if (!prices) return '';
    const raw = choice === 'home' || choice === 'over' ? prices.home : choice === 'draw' ? prices.draw : prices.away;
    if (raw === null) return '';
    return (market === 'europe' ? raw : 1 + raw).toFixed(2);
  };
  return (
    <section className={styles.section} aria-labelledby="expert-publish">
      <h2 id="expert-publish">{t('expert.publish.title')}</h2>
      {!matches.data ? (
        <p>{t('common.loading')}</p>
      ) : matches.data.length === 0 || !match ? (
        <p>{t('expert.publish.noMatches')}</p>
      ) : (
        <Form
          submitLabel={t('expert.publish.submit')}
          busy={publish.isPending}
          problem={problem ?? (publish.error ? publish.error.message : null)}
          done={publish.isSuccess ? t('expert.publish.done') : null}
          onSubmit={() => {
            const diamonds = /^\d{1,4}$/.test(price.trim()) ? Number(price) : null;
            const next =
              [...title.trim()].length < 4
                ? t('expert.publish.titleProblem')
                : [...analysis.trim()].length < 20
                  ? t('expert.publish.analysisProblem')
                  : diamonds === null
                    ? t('expert.publish.priceProblem')
                    : prices?.taken
                      ? t('expert.publish.taken')
                      : null;
            setProblem(next);
            if (next || diamonds === null) return;
            publish.mutate({ match_id: match.match_id, market, pick, title: title.trim(), analysis: analysis.trim(), price: diamonds });
          }}
        >
          <Select<string>
            label={t('expert.publish.match')}
            value={String(match.match_id)}
            options={matches.data.map((candidate) => ({
              value: String(candidate.match_id),
              label: `${new Date(candidate.kickoff * 1000).toLocaleString()} ${candidate.league} ${candidate.home_team} vs ${candidate.away_team}`,
            }))}
            onChange={setMatchId}
          />
          <Select<Market>
            label={t('expert.publish.market')}
            value={market}
            options={match.markets.map((candidate) => ({ value: candidate.market, label: `${t(`expert.market.${candidate.market}`)} ${lineText(candidate.line)}` }))}
            onChange={(next) => {
              setMarket(next);
              setPick(picksOf[next][0]!);
            }}
          />
          <Select<Pick>
            label={t('expert.publish.pick')}
            value={pick}
            options={picksOf[market].map((choice) => ({ value: choice, label: `${t(`expert.pick.${choice}`)} @ ${oddsOf(choice)}` }))}
            onChange={setPick}
          />
          <TextInput label={t('expert.publish.planTitle')} value={title} onChange={setTitle} maxLength={60} />
          <label className={styles.field}>
            <span>{t('expert.publish.analysis')}</span>
            <textarea rows={6} maxLength={5000} value={analysis} onChange={(event) => setAnalysis(event.target.value)} />
          </label>
          <TextInput label={t('expert.publish.price')} value={price} onChange={setPrice} maxLength={4} />
          <p className={styles.muted}>{t('expert.publish.sealNote')}</p>
        </Form>
      )}
    </section>
  );
}

function MySales() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const sales = useMySales(page, true);
  return (
    <section className={styles.section} aria-labelledby="expert-sales">
      <h2 id="expert-sales">{t('expert.sales.title')}</h2>
      {!sales.data ? (
        <p>{t('common.loading')}</p>
      ) : (
        <>
          <p role="status">{t('expert.sales.totals', { buyers: sales.data.total_buyers, diamonds: sales.data.total_diamonds, held: sales.data.held_diamonds })}</p>
          <ul className={styles.plans}>
            {sales.data.list.map((row) => (
              <li key={row.plan.id} className={styles.plan}>
                <a href={link('specialistDetail', { id: row.plan.id })} className={styles.planTitle}>
                  <span data-user-content>{row.plan.title}</span>
                </a>
                <div className={styles.meta}>
                  <span>{t(`expert.status.${row.plan.status}`)}</span>
                  <span>{t('expert.sales.planTotals', { buyers: row.buyers.length, diamonds: row.diamonds })}</span>
                </div>
                {row.buyers.length > 0 && (
                  <p className={styles.muted} data-user-content>
                    {row.buyers.map((buyer) => buyer.user_nickname).join('、')}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <Pagination {...pageLabels} page={page} pageCount={pageCountOf(sales.data.total, sales.data.limit)} onChange={setPage} label={t('expert.sales.title')} />
        </>
      )}
    </section>
  );
}

function BoughtPlans() {
  const t = useMessage();
  const pageLabels = usePaginationLabels();
  const [page, setPage] = useState(1);
  const bought = useBoughtPlans(page, true);
  return (
    <section className={styles.section} aria-labelledby="expert-bought">
      <h2 id="expert-bought">{t('expert.bought.title')}</h2>
      {!bought.data ? (
        <p>{t('common.loading')}</p>
      ) : bought.data.list.length === 0 ? (
        <p>{t('expert.bought.none')}</p>
      ) : (
        <>
          <ul className={styles.plans}>
            {bought.data.list.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
          <Pagination {...pageLabels} page={page} pageCount={pageCountOf(bought.data.total, bought.data.limit)} onChange={setPage} label={t('expert.bought.title')} />
        </>
      )}
    </section>
  );
}
