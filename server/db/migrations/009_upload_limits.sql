-- SPEC §5 and the upload token (max_bytes 52428800 for videos): a video of exactly 50 MB is
-- accepted, so the bound of 005 becomes inclusive.
alter table uploads drop constraint uploads_bytes_check;
alter table uploads add constraint uploads_bytes_check check (bytes > 0 and bytes <= 52428800);
