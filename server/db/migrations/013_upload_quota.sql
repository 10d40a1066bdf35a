-- A token is for one upload (issue 10): the nonce of the token that stored an upload, unique, so a
-- second upload with the same token is refused however quickly it follows. Seeded uploads have none.
alter table uploads add column token_nonce text unique;
