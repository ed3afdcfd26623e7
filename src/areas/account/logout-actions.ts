import 'server-only';
import { href } from '../../routes';
import type { ServerConfig } from '../../server/config';
import type { FormHandler } from '../../server/http/forms';
import type { AuthService } from '../../server/accounts/auth-service';
import { clearedSessionCookies } from '../../server/accounts/session';

// Signing out (/logout, decision 017), by POST only: `GET /logout` shows a page that
// asks (account-pages.tsx), so that a cross-site link or image cannot sign anyone out. The post ends this
// session on the server (its token answers 401 everywhere from now on), clears the cookies and goes home.
// The workspaces' "sign out everywhere" form posts to the same page with intent=everywhere: every token of
// the user ends.
type Deps = {
  auth: () => Promise<AuthService>;
  config: Pick<ServerConfig, 'SITE_URL' | 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN'>;
};

export function createLogoutRoutes({ auth, config }: Deps): { action: FormHandler } {
  /** Ends the token on the server; a database outage must not keep the visitor signed in in the browser. */
  const end = async (token: string | null | undefined, everywhere = false) => {
    if (!token) return;
    try {
      const a = await auth();
      await (everywhere ? a.logoutEverywhere(token) : a.logout(token));
    } catch (err) {
      console.error('[logout] could not end the session on the server', err);
    }
  };

  const action: FormHandler = {
    maxBytes: 1024,
    async handle(input) {
      await end(input.token, input.fields.intent === 'everywhere');
      return { ok: true, redirect: href('home', input.locale), cookies: clearedSessionCookies(config) };
    },
  };

  return { action };
}
