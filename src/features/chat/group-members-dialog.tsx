import { useGroupMembers, useLeaveGroup } from '../../api/queries/chat.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import styles from './chat-page.module.css';

/** A group's members, and the way out: leave it, or dissolve it for its owner (who alone may). */
export function GroupMembersDialog({ groupId, isOwner, onClose, onLeft }: { groupId: number; isOwner: boolean; onClose: () => void; onLeft: () => void }) {
  const t = useMessage();
  const members = useGroupMembers(groupId);
  const leave = useLeaveGroup();
  return (
    <Dialog
      open
      title={t('chat.groupMembers')}
      onClose={onClose}
      closeLabel={t('common.close')}
      footer={
        <Button variant="secondary" disabled={leave.isPending} onClick={() => leave.mutate({ groupId, dissolve: isOwner }, { onSuccess: onLeft })}>
          {isOwner ? t('chat.dissolveGroup') : t('chat.leaveGroup')}
        </Button>
      }
    >
      {members.isPending ? <p className={styles.muted}>{t('common.loading')}</p> : null}
      <ul className={styles.people}>
        {members.data?.map((member) => (
          <li key={member.id} className={styles.person}>
            <img className={styles.smallAvatar} src={member.avatar} alt="" width={28} height={28} />
            <span>{member.user_nickname || t('chat.noNick')}</span>
            {member.role === 'owner' ? <span className={styles.shareAmount}>{t('chat.groupOwner')}</span> : null}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
