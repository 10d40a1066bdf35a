-- Experts publish sealed plans that viewers buy, settled when the feed ends a match; the admin
-- console answers for every action in an append-only, hash-chained audit log.

-- A plan is sealed at publication: the SHA-256 of its match, market, pick, line, odds, time and a
-- secret nonce. The nonce keeps the few possible picks from being guessed off the seal; it is
-- shown once the plan is settled, so anyone can check the seal against what was published.
alter table expert_plans add column seal_nonce text;
alter table expert_plans add column seal text;
update expert_plans set seal_nonce = md5(random()::text || id::text || clock_timestamp()::text);
update expert_plans set seal = encode(sha256(convert_to(concat_ws('|',
  expert_id::text, match_id::text, market, pick, coalesce(line::text, '-'), odds::text,
  floor(extract(epoch from published_at))::bigint::text, seal_nonce), 'UTF8')), 'hex');
alter table expert_plans alter column seal_nonce set not null;
alter table expert_plans alter column seal set not null;
alter table expert_plans add constraint expert_plans_seal_check check (seal ~ '^[0-9a-f]{64}$');

-- Quarter lines settle in halves (a half win, a half loss).
alter table expert_plans drop constraint expert_plans_status_check;
alter table expert_plans add constraint expert_plans_status_check
  check (status in ('to_be_settled', 'settled', 'won', 'lost', 'void', 'half_won', 'half_lost'));
-- The final score the plan was settled on (null while to be settled and for a void match).
alter table expert_plans add column settled_home smallint;
alter table expert_plans add column settled_away smallint;

-- A purchase is held in escrow until the plan settles: then it goes to the expert and the platform,
-- or back to the buyer (void always; lost where the site's rule says so).
alter table expert_plan_purchases add column price numeric(14,1) not null default 0 check (price >= 0);
alter table expert_plan_purchases add column settle_transaction_id bigint unique references ledger_transactions (id) on delete restrict;
alter table expert_plan_purchases add column outcome text check (outcome in ('paid_out', 'refunded'));
alter table expert_plan_purchases add constraint expert_plan_purchases_settled_check
  check ((outcome is null) = (settle_transaction_id is null));
create index expert_plan_purchases_user_idx on expert_plan_purchases (user_id, created_at desc);
create index expert_plans_open_idx on expert_plans (match_id) where status = 'to_be_settled';

alter table ledger_transactions drop constraint ledger_transactions_kind_check;
alter table ledger_transactions add constraint ledger_transactions_kind_check check (kind in (
  'opening', 'topup', 'gift', 'guard', 'nobility', 'barrage', 'horn', 'plan_purchase', 'exchange',
  'conversion', 'withdrawal', 'withdrawal_refund', 'sign_in', 'task', 'red_envelope',
  'red_envelope_claim', 'red_envelope_refund', 'guess_bet', 'guess_payout', 'adjustment',
  'plan_payout', 'plan_refund'
));

-- The site's rules an admin sets (the console's settings tab).
insert into site_config (key, value) values
  ('plan_expert_share', '0.7'),
  ('plan_refund_on_loss', 'false'),
  ('withdrawal_second_review_above', '5000')
on conflict (key) do nothing;

-- A large withdrawal needs a second admin: the first approval is kept here until then.
alter table withdrawals add column first_reviewer_id bigint references users (id) on delete set null;

-- Every admin action, append-only. Each entry carries the hash of the one before it and its own,
-- over its fields and that hash, so an entry changed or removed later breaks the chain.
create table admin_audit_log (
  id bigint generated always as identity primary key,
  admin_id bigint not null references users (id) on delete restrict,
  admin_role text not null,
  action text not null check (action ~ '^[a-z_.]+$'),
  target_type text not null,
  target_id text not null,
  before jsonb,
  after jsonb,
  reason text not null default '',
  address text not null,
  request_id text not null,
  created_at timestamptz not null,
  prev_hash text not null check (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text not null unique check (hash ~ '^[0-9a-f]{64}$')
);
create index admin_audit_log_created_idx on admin_audit_log (id desc);

create function admin_audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the admin audit log is append-only' using errcode = 'P0001';
end;
$$;
create trigger admin_audit_log_no_change before update or delete on admin_audit_log
  for each row execute function admin_audit_log_append_only();
