-- A login QR code is bound to the page that asked for it (issue 10, QRLjacking, ASVS V3): a hash of
-- the secret only that page was given, the socket connection that presented it last (pushes of the
-- code go to that one alone), and the user agent the confirm page names as the requesting device.
alter table login_qrcodes add column secret_hash text not null default '';
alter table login_qrcodes add column user_agent text not null default '';
alter table login_qrcodes add column connection_id text;
