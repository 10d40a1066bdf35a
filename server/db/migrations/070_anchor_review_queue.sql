-- The admin's queue of anchor applications (issue 12): one status, oldest first, paged.
create index anchor_verifications_review_idx on anchor_verifications (status, updated_at, id);
