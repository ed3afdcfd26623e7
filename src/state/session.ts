import { atom } from 'jotai';

// The auth state (docs/product-rules.md): type, loggedIn, user. Seeded by the server per request.
export type SessionUser = {
  id: number | string;
  name: string;
  last_name: string;
  email: string;
  profile_picture_path: string | null;
  profile_slug: string | null;
  user_status: string;
};
export type Session = { type: 'anonymous' | 'match' | 'hire'; loggedIn: boolean; user: SessionUser | null };
export const anonymousSession: Session = { type: 'anonymous', loggedIn: false, user: null };

export const sessionAtom = atom<Session>(anonymousSession);
