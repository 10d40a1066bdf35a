import { useRef, useState, type ReactNode } from 'react';
import { useAvatarList, useMemberInfo, useUpdateProfile, useUploadAvatar } from '../../api/queries/account.ts';
import { readStoredToken, useStoredUser } from '../../realtime/stored-user.ts';
import { useMessage } from '../../i18n/use-message.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { uploadLimits } from '../../rules/upload-limits.ts';
import { Page } from '../../ui/page.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from './account-pages.module.css';

const pictureUpload = uploadLimits.image;
const pictureMaxMb = pictureUpload.maxBytes / (1024 * 1024);

/** Why a picked file is refused before anything is sent, or null when it may go up. */
function pictureProblem(file: File): 'member.uploadWrongType' | 'member.uploadTooLarge' | null {
  if (!pictureUpload.contentTypes.some((type) => type === file.type)) return 'member.uploadWrongType';
  if (file.size > pictureUpload.maxBytes) return 'member.uploadTooLarge';
  return null;
}

export interface MemberPageProps {
  /** The route's title, translated. */
  title: string;
  /** The section of `/member?type=`: 19 profile, 18 space. */
  type: number;
  /** The daily sign-in and the task centre (the tasks area's), shown under the profile. */
  tasks?: ReactNode;
  /** The wallet (the wallet area's), shown for type 1. */
  wallet?: ReactNode;
  /** Applying to be an anchor (the anchor area's), shown for type 7. */
  apply?: ReactNode;
  /** The anchor's console (the live area's), shown for type 9. */
  anchorConsole?: ReactNode;
  /** What other areas keep of the member, shown under the space (type 18): the favourite videos. */
  space?: ReactNode;
}

/** The personal centre (SPEC §2): profile with avatar and nickname (19), the space (18), the wallet (1), applying to stream (7), the anchor's console (9). */
export function MemberPage({ title, type, tasks, wallet, apply, anchorConsole, space }: MemberPageProps) {
  const t = useMessage();
  if (readStoredToken() === null) {
    // SPEC §5: the space page tells a guest 请登录后重试; so does the rest of the personal centre.
    return (
      <Page title={title}>
        <EmptyState icon="user" title={t('member.loginToRetry')} />
      </Page>
    );
  }
  if (type === 1 && wallet) return <Page title={title}>{wallet}</Page>;
  if (type === 7 && apply) return <Page title={title}>{apply}</Page>;
  if (type === 9 && anchorConsole) return <Page title={title}>{anchorConsole}</Page>;
  return <Page title={title}>{type === 18 ? <SpaceSection extra={space} /> : <ProfileSection tasks={tasks} />}</Page>;
}

function SpaceSection({ extra }: { extra?: ReactNode }) {
  const t = useMessage();
  const me = useMemberInfo(useStoredUser()?.id ?? null);
  if (!me.data) return <EmptyState title={t('common.loading')} busy={me.isPending} />;
  return (
    <div className={styles.profile}>
      <div className={styles.identity}>
        <Avatar src={me.data.avatar} name={me.data.user_nickname} size={64} />
        <h2>{t('member.spaceIntro', { name: me.data.user_nickname })}</h2>
      </div>
      {extra}
    </div>
  );
}

function ProfileSection({ tasks }: { tasks?: ReactNode }) {
  const t = useMessage();
  const userId = useStoredUser()?.id ?? null;
  const me = useMemberInfo(userId);
  const avatars = useAvatarList();
  const [nickname, setNickname] = useState<string | null>(null);
  const [pickedProblem, setPickedProblem] = useState<'member.uploadWrongType' | 'member.uploadTooLarge' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile(userId);
  // Token, upload, then the avatar; a refusal of any step is told by the client's error toast.
  const uploadAvatar = useUploadAvatar(userId);

  if (!me.data) return <EmptyState title={t('common.loading')} busy={me.isPending} />;
  const shownNickname = nickname ?? me.data.user_nickname;
  return (
    <div className={styles.profile}>
      <div className={styles.identity}>
        <Avatar src={me.data.avatar} name={me.data.user_nickname} size={64} />
        <div>
          <h2>{me.data.user_nickname}</h2>
          <p className={styles.muted}>
            {t('member.balance')}: {me.data.balance}
          </p>
        </div>
      </div>
      <form
        className={styles.nickname}
        onSubmit={(event) => {
          event.preventDefault();
          if (shownNickname.trim() !== '') update.mutate({ user_nickname: shownNickname.trim() }, { onSuccess: () => setNickname(null) });
        }}
      >
        <TextInput label={t('member.nickname')} value={shownNickname} maxLength={16} showCounter onChange={setNickname} />
        <Button type="submit" variant="primary" disabled={update.isPending || nickname === null}>
          {t('member.save')}
        </Button>
      </form>
      {update.isSuccess && <p role="status">{t('member.saved')}</p>}
      <section className={styles.section} aria-labelledby="avatar-heading">
        <h2 id="avatar-heading">{t('member.avatar')}</h2>
        <ul className={styles.avatars}>
          {(avatars.data ?? []).map((option) => (
            <li key={option.id}>
              <button
                type="button"
                className={styles.avatarChoice}
                aria-pressed={option.url === me.data.avatar}
                aria-label={t('member.chooseAvatar', { id: option.id })}
                onClick={() => update.mutate({ avatar: option.url }, { onSuccess: () => setNickname(null) })}
              >
                <img src={option.url} alt="" />
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.upload}>
          <input
            ref={fileInput}
            type="file"
            className="ps-visually-hidden"
            tabIndex={-1}
            aria-label={t('member.uploadPicture')}
            accept={pictureUpload.contentTypes.join(',')}
            disabled={uploadAvatar.isPending}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Cleared, so picking the same file again after a refusal is a change too.
              event.currentTarget.value = '';
              if (!file) return;
              const problem = pictureProblem(file);
              setPickedProblem(problem);
              if (problem === null) uploadAvatar.mutate(file);
            }}
          />
          <Button onClick={() => fileInput.current?.click()} disabled={uploadAvatar.isPending}>
            {uploadAvatar.isPending ? t('member.uploading') : t('member.uploadPicture')}
          </Button>
          {pickedProblem ? (
            <p role="alert" className={styles.uploadProblem}>
              {t(pickedProblem, { mb: pictureMaxMb })}
            </p>
          ) : (
            <p className={styles.muted}>{t('member.uploadHint', { mb: pictureMaxMb })}</p>
          )}
          {uploadAvatar.isSuccess && <p role="status">{t('member.saved')}</p>}
        </div>
      </section>
      {tasks}
    </div>
  );
}
