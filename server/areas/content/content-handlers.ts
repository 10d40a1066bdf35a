import { defineAreaHandlers } from '../../contract/area-handlers.ts';
import { searchHot } from './search-hot-service.ts';

export const contentHandlers = defineAreaHandlers('content', {
  universalGetHot: ({ server }) => searchHot(server),
});
