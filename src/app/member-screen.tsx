import { useIntl } from 'react-intl';
import { MemberPage } from '../features/account/member-page.tsx';
import { AnchorApplyPanel } from '../features/anchor/anchor-apply-panel.tsx';
import { ExpertMemberPanel } from '../features/expert/expert-member-panel.tsx';
import { AnchorConsole } from '../features/live/console/anchor-console.tsx';
import { ExchangeMall } from '../features/tasks/exchange-mall.tsx';
import { TasksPanel } from '../features/tasks/tasks-panel.tsx';
import { FavoriteVideosPanel } from '../features/video/favorite-videos-panel.tsx';
import { MyVideosPanel } from '../features/video/my-videos-panel.tsx';
import { WalletPanel } from '../features/wallet/wallet-panel.tsx';
import { useRouteQuery, type Screen } from '../routes.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { Page } from '../ui/page.tsx';

/**
 * /member: the personal centre (type 19), the space (18, with the video area's works and favourites), the wallet (1), applying to stream (7), the
 * anchor's console (9) and the expert section (5), each section the work of its own area: the account area's page holds the tasks
 * area's sign-in and task centre, the wallet (with the tasks area's exchange mall as its mall section),
 * the anchor area's application and the live area's console. The other sections say 'No data' until
 * they are built.
 */
export const MemberScreen: Screen = ({ title }) => {
  const intl = useIntl();
  const { type, isRecharge, section } = useRouteQuery('member');
  if (type === 19) return <MemberPage title={title} type={type} tasks={<TasksPanel />} />;
  // Type 18, the space: the member's own videos in every review state, then their favourite videos.
  if (type === 18) {
    return (
      <MemberPage
        title={title}
        type={type}
        space={
          <>
            <MyVideosPanel />
            <FavoriteVideosPanel />
          </>
        }
      />
    );
  }
  // Type 1, the wallet (SPEC §2): isRecharge opens top-up.
  if (type === 1) return <MemberPage title={title} type={type} wallet={<WalletPanel recharge={isRecharge} section={section} mall={<ExchangeMall />} />} />;
  // Type 7, applying to stream (SPEC §2, §6).
  if (type === 7) return <MemberPage title={title} type={type} apply={<AnchorApplyPanel />} />;
  // Type 5, the expert area's section: applying to be an expert, publishing and sales, the plans bought.
  if (type === 5) {
    return (
      <Page title={title}>
        <ExpertMemberPanel />
      </Page>
    );
  }
  // Type 9, the anchor's console, for anchors.
  if (type === 9) return <MemberPage title={title} type={type} anchorConsole={<AnchorConsole />} />;
  return (
    <Page title={title}>
      <EmptyState title={intl.formatMessage({ id: 'common.noData' })} description={intl.formatMessage({ id: 'common.notBuilt' })} />
    </Page>
  );
};
