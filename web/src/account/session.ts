import type { User } from '../api';
import { firstClient, parseClientRoles, roleInClient, type Role } from './roles';

export interface SessionState {
  authenticated: boolean;
  user: User | null;
  /** The client the user is working in, chosen at sign-in or by opening its map overview. */
  clientName: string | null;
  /** The user's role in that client. */
  role: Role | null;
}

export const SIGNED_OUT: SessionState = {
  authenticated: false,
  user: null,
  clientName: null,
  role: null,
};

export function sessionFor(user: User, clientName: string | null = firstClient(user)): SessionState {
  return { authenticated: true, user, clientName, role: roleInClient(user, clientName) };
}

type Listener = () => void;

/** The signed-in state, readable from plain code and subscribable from React. */
export class SessionStore {
  private state: SessionState = SIGNED_OUT;
  private readonly listeners = new Set<Listener>();

  get = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  signIn(user: User): void {
    this.set(sessionFor(user));
  }

  /** Switches to another client the user belongs to; a superuser may open any client. */
  selectClient(clientName: string): void {
    const { user } = this.state;
    if (!user || this.state.clientName === clientName) return;
    const member = parseClientRoles(user.client_roles).some((m) => m.client === clientName);
    if (member || user.is_superuser) this.set(sessionFor(user, clientName));
  }

  /** Takes a changed record of the signed-in user, keeping the client being worked in. */
  updateUser(user: User): void {
    const { user: current, clientName } = this.state;
    if (current?.id !== user.id) return;
    const stillMember =
      clientName !== null && (user.is_superuser || parseClientRoles(user.client_roles).some((m) => m.client === clientName));
    this.set(sessionFor(user, stillMember ? clientName : firstClient(user)));
  }

  signOut(): void {
    this.set(SIGNED_OUT);
  }

  private set(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

export const USER_ID_KEY = 'strata.userId';

export interface UserIdStorage {
  read(): number | null;
  write(id: number): void;
  clear(): void;
}

/** The stored user id in localStorage; storage that cannot be used behaves as empty. */
export function localUserIdStorage(storage: () => Storage = () => window.localStorage): UserIdStorage {
  return {
    read() {
      try {
        const raw = storage().getItem(USER_ID_KEY);
        if (raw === null || !/^[1-9]\d*$/.test(raw)) return null;
        return Number(raw);
      } catch {
        return null;
      }
    },
    write(id) {
      try {
        storage().setItem(USER_ID_KEY, String(id));
      } catch {
        // Without storage the session still works until the page is reloaded.
      }
    },
    clear() {
      try {
        storage().removeItem(USER_ID_KEY);
      } catch {
        // Nothing stored that could be cleared.
      }
    },
  };
}
