-- Gifts in rooms (issue 13, item 3): the catalogue on sale, the anchor's share of a gift as the site
-- configures it, and the combo a gift continues.

-- The animation played over the video; null for gifts shown as their icon only.
alter table gifts add column animation_url text check (animation_url is null or animation_url like '/media/%');

-- Gifts sold from the first start, seeded world or not (STYLE.md: services read what the database
-- holds). Small effects run a few seconds over the picture, big ones longer and larger, fullscreen
-- ones over the whole player.
insert into gifts (name, name_en, icon, price, effect, sort, animation_url) values
  ('荧光棒', 'Glow Stick', '/media/gifts/glowstick.svg', 0.1, 'none', 0, null),
  ('点赞', 'Thumbs Up', '/media/gifts/thumbs.svg', 1, 'none', 1, null),
  ('快乐水', 'Cola', '/media/gifts/cola.svg', 2, 'none', 2, null),
  ('玫瑰', 'Rose', '/media/gifts/rose.svg', 5, 'none', 3, null),
  ('足球', 'Football', '/media/gifts/football.svg', 10, 'small', 4, '/media/gift-effects/football.svg'),
  ('裁判哨', 'Whistle', '/media/gifts/whistle.svg', 20, 'small', 5, '/media/gift-effects/whistle.svg'),
  ('庆功啤酒', 'Beer', '/media/gifts/beer.svg', 52, 'small', 6, '/media/gift-effects/beer.svg'),
  ('金球', 'Golden Ball', '/media/gifts/goldenball.svg', 99, 'big', 7, '/media/gift-effects/goldenball.svg'),
  ('冠军奖杯', 'Trophy', '/media/gifts/trophy.svg', 188, 'big', 8, '/media/gift-effects/trophy.svg'),
  ('超级跑车', 'Supercar', '/media/gifts/car.svg', 520, 'big', 9, '/media/gift-effects/car.svg'),
  ('豪华游艇', 'Yacht', '/media/gifts/yacht.svg', 1314, 'fullscreen', 10, '/media/gift-effects/yacht.svg'),
  ('火箭', 'Rocket', '/media/gifts/rocket.svg', 2888, 'fullscreen', 11, '/media/gift-effects/rocket.svg'),
  ('梦幻城堡', 'Dream Castle', '/media/gifts/castle.svg', 5000, 'fullscreen', 12, '/media/gift-effects/castle.svg')
on conflict (name) do nothing;

-- The anchor's part of what a gift costs (0 to 1); the platform's revenue account keeps the rest,
-- rounded in the anchor's disfavour to a tenth of a diamond.
insert into site_config (key, value) values ('gift_anchor_share', '0.5') on conflict (key) do nothing;

-- The same gift sent again by the same viewer in the same room within a few seconds continues a
-- combo: its number here, 1 for a gift that starts one.
alter table gift_records add column combo integer not null default 1 check (combo >= 1);
