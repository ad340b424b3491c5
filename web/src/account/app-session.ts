import { getUser, queryClient, type User } from '../api';
import { applyLanguage } from '../i18n';
import type { GuardDeps } from './guard';
import { localUserIdStorage, SessionStore } from './session';

/** The one session of the running app. */
export const session = new SessionStore();
export const userIdStorage = localUserIdStorage();

export const guardDeps: GuardDeps = {
  session,
  storage: userIdStorage,
  fetchUser: (id) => getUser(id),
  applyLanguage,
};

export async function signInWith(user: User): Promise<void> {
  userIdStorage.write(user.id);
  queryClient.clear();
  session.signIn(user);
  await applyLanguage(user.language);
}

export function signOutLocally(): void {
  session.signOut();
  // The next user must not see what the previous one had loaded.
  queryClient.clear();
  userIdStorage.clear();
}
