// What other areas may use of the video area, each name taken from the file that defines it. An area reaches
// another only through that area's public file (README, Layout), and lint holds it.

export { adminVideoReviewList, reviewVideo } from './video-review-service.ts';
