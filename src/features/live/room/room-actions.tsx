import { useState } from 'react';
import { useFollowAnchor, useShareRoom } from '../../../api/queries/live-room.ts';
import type { components } from '../../../api/schema';
import { useMessage } from '../../../i18n/use-message.ts';
import { askNotificationPermission } from '../../../realtime/browser-notifications.ts';
import { useLoginRequest } from '../../../realtime/login-request.tsx';
import { useStoredUser } from '../../../realtime/stored-user.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { QrCode } from '../../../ui/qr-code.tsx';
import styles from './room-extras.module.css';

type LiveRoom = components['schemas']['LiveRoom'];

/** Follow and share, beside the room's heading. */
export function RoomActions({ room }: { room: LiveRoom }) {
  return (
    <div className={styles.actions}>
      <FollowButton anchorId={room.anchor.id} following={room.is_attention === 1} />
      <ShareButton roomId={room.id} />
    </div>
  );
}

/** Follows or unfollows the anchor; a guest gets the login dialog. The count in the heading follows. */
export function FollowButton({ anchorId, following }: { anchorId: number; following: boolean }) {
  const requestLogin = useLoginRequest();
  const t = useMessage();
  const user = useStoredUser();
  const follow = useFollowAnchor();
  const own = user?.id === anchorId;
  if (own) return null;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      disabled={follow.isPending}
      onClick={() => {
        if (!user) {
          requestLogin();
          return;
        }
        // Following is asking to hear when they go on air: the browser may show that too.
        if (!following) askNotificationPermission();
        follow.mutate({ uid: anchorId, follow: !following });
      }}
    >
      {following ? t('roomExtras.following') : t('roomExtras.follow')}
    </Button>
  );
}

/** Share: counts the share (live/share) and shows the room's address and a QR code of it. */
export function ShareButton({ roomId }: { roomId: number }) {
  const t = useMessage();
  const share = useShareRoom();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const address = share.data ? new URL(share.data.path, window.location.origin).href : '';
  return (
    <>
      <Button
        onClick={() => {
          setOpen(true);
          setCopied(false);
          share.mutate(roomId);
        }}
      >
        {t('roomExtras.share')}
      </Button>
      <Dialog open={open} title={t('roomExtras.shareTitle')} onClose={() => setOpen(false)} closeLabel={t('roomExtras.close')} width={360}>
        <div className={styles.shareBody}>
          {share.isError ? <p className={styles.hint}>{t('common.loadFailed')}</p> : null}
          {address ? (
            <>
              <QrCode value={address} label={t('roomExtras.shareQr')} size={180} />
              <div className={styles.shareLink}>
                <input readOnly value={address} aria-label={t('roomExtras.shareLink')} onFocus={(event) => event.currentTarget.select()} />
                <Button
                  onClick={() => {
                    void navigator.clipboard?.writeText(address).then(
                      () => setCopied(true),
                      () => setCopied(false),
                    );
                  }}
                >
                  {copied ? t('roomExtras.copied') : t('roomExtras.copy')}
                </Button>
              </div>
              <p className={styles.hint}>{t('roomExtras.shareCount', { count: share.data?.share_count ?? 0 })}</p>
            </>
          ) : share.isPending ? (
            <p className={styles.hint}>{t('common.loading')}</p>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
