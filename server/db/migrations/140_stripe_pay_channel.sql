-- Stripe Checkout, the payment channel production takes top-ups through once its keys are set
-- (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); a channel without a configured adapter is never offered.
insert into pay_channels (code, name, name_en, icon, sort, enabled)
values ('stripe', '银行卡 (Stripe)', 'Card (Stripe)', '/media/icons/pay-bank.svg', 1, true)
on conflict (code) do nothing;
