import type { Screen } from '../../routes.ts';
import { AboutPage } from './about-page.tsx';
import { DownloadPage } from './download-page.tsx';
import { NewsCommentPage } from './news-comment-page.tsx';
import { NewsDetailPage } from './news-detail-page.tsx';
import { NewsPage } from './news-page.tsx';
import { SearchPage } from './search-page.tsx';

// The content area's screens (SPEC §2: /about-user, /downLoad, /search, /news, /detail, /comment), one per route of the table in
// src/routes.ts. One module, so the area is one chunk however many of its routes are visited.

export const AboutScreen: Screen = AboutPage;
export const DownloadScreen: Screen = DownloadPage;
export const SearchScreen: Screen = SearchPage;
export const NewsScreen: Screen = NewsPage;
export const NewsDetailScreen: Screen = NewsDetailPage;
export const NewsCommentScreen: Screen = NewsCommentPage;
