-- Task names and descriptions in English for the en and vi pages (Vietnamese reads the English, as
-- the goods and barrage styles do), and the moment a task last progressed: watching counts at most
-- one minute a minute for a member, however many tabs and server processes see them watch.

alter table tasks add column description_en text not null default '';
alter table user_tasks add column progressed_at timestamptz;

update tasks set description_en = 'Watch any live room for 5 minutes in all' where code = 'watch_room' and description_en = '';
update tasks set description_en = 'Send a barrage message in any live room' where code = 'send_barrage' and description_en = '';
update tasks set description_en = 'Follow an anchor you like' where code = 'follow_anchor' and description_en = '';
update tasks set description_en = 'Share a live room with your friends' where code = 'share' and description_en = '';
update tasks set description_en = 'Send any gift to an anchor' where code = 'send_gift' and description_en = '';
