export const ROLES = ['USER', 'MANAGER', 'ADMIN', 'MEMBER'] as const;
export type Role = (typeof ROLES)[number];

export interface SessionCart {
  id: string;
  userId: string;
}

/** The `userInfo` of the login response. */
export interface UserInfo {
  id?: string;
  email: string;
  role: Role;
  profile?: unknown;
  Cart?: SessionCart | null;
  /** This sign-in, RFC 3339. */
  lastLogin?: string | null;
  /** When the account was created, RFC 3339. */
  createdOn?: string;
}

export interface LoginResponse {
  token?: string;
  userInfo?: UserInfo;
  message?: string;
}

/** What is kept in localStorage for 24 hours. */
export interface StoredSession {
  token: string;
  userInfo: UserInfo;
  /** Epoch milliseconds. */
  expiresAt: number;
}
