import { clearStoredUser, notifyStoredUserChanged, writeStoredSession } from '../../../realtime/stored-user.ts';
import { sampleAvatar } from '../../../ui/story-images.ts';

/** A story's `beforeEach`: a logged-in viewer for the story, logged out again after it. */
export function asLoggedInViewer() {
  writeStoredSession({
    token: 'story-token',
    id: 7,
    userSig: '',
    profile: { id: 7, user_nickname: '球迷小王', avatar: sampleAvatar, balance: 5000, exp_icon: '', is_anchor: 0 },
  });
  notifyStoredUserChanged();
  return () => {
    clearStoredUser();
    notifyStoredUserChanged();
  };
}

/** A story's `beforeEach` after the file's asLoggedInViewer: nobody logged in. */
export function asGuest() {
  clearStoredUser();
  notifyStoredUserChanged();
}
