import 'server-only';
import { Link } from 'waku';
import { href } from '../../routes';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import { answer } from '../../server/render/page-answer';
import type { Page } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';

// /hire/unirse/{token} (decision 047): a team invitation. A visitor signs up right here as a company account
// with the invited address (no company of their own) and joins; a signed-in company account without a company
// joins with one button; anybody else, and every unusable token, reads why not (404 for a link that is not
// one, 410 for an expired, used or revoked one). Plain posts to this page. Never stored, and the token in the
// address is not sent on as a referrer.
const PRIVATE = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };

export const hireJoinPage =
  ({ team }: Pick<AreaDeps, 'team'>): Page =>
  async (p) => {
    const { t, locale, viewer } = p;
    const token = String(p.params.token ?? '');
    const self = href('hireJoin', locale, { token });
    const inv = await (await team()).invitation(token);
    const form = p.form;
    const err = (name: string) => form?.errors?.[name] ?? null;
    const v = (name: string) => form?.values?.[name] ?? '';
    if (inv.state !== 'valid')
      return answer(
        inv.state === 'invalid' ? 404 : 410,
        <div className="container page narrow join-page">
          <h1>{t('routes.hireJoin.heading')}</h1>
          <p className="notice section-sm" role="alert" data-testid="join-state">
            {t(`team.join.state.${inv.state}`)} {t('team.join.askAgain')}
          </p>
        </div>,
        PRIVATE,
      );
    const vars = { company: inv.company, email: inv.email, role: t(`team.role.${inv.role}`) };
    // What stands in the way before anything is posted (the service says the same on a post).
    const blocked = viewer?.type === 'match' ? 'candidate' : null;
    const loginHref = `${href('login', locale)}?redirect=${encodeURIComponent(self)}`;
    return answer(
      200,
      <div className="container page narrow join-page">
        <h1>{t('team.join.heading', vars)}</h1>
        <p className="muted">{t('team.join.intro', vars)}</p>
        <Summary state={form ?? null} />
        {blocked ? (
          <p className="notice section-sm" role="alert" data-testid="join-blocked">
            {t(`team.join.${blocked}`)}
          </p>
        ) : viewer ? (
          <form method="post" action={self} className="section-sm">
            <input type="hidden" name="intent" value="accept" />
            <button type="submit" className="btn btn-primary btn-md" data-testid="join-accept">
              {t('team.join.accept', vars)}
            </button>
          </form>
        ) : (
          <>
            <h2 className="section-sm">{t('team.join.signUpHeading')}</h2>
            <p className="muted">{t('team.join.signUpIntro')}</p>
            <form method="post" action={self} className="form-stack" noValidate data-testid="join-form">
              <input type="hidden" name="intent" value="signup" />
              <Row id="join-email" name="email" label={t('auth.email')}>
                <input id="join-email" type="email" value={inv.email} readOnly autoComplete="username" />
              </Row>
              <Row id="join-name" name="name" label={t('auth.name')} error={err('name')}>
                <input
                  id="join-name"
                  name="name"
                  type="text"
                  autoComplete="given-name"
                  required
                  maxLength={100}
                  defaultValue={v('name')}
                  aria-invalid={!!err('name') || undefined}
                  aria-describedby={describedBy('join-name', false, !!err('name'))}
                />
              </Row>
              <Row id="join-last-name" name="last_name" label={t('auth.lastName')} error={err('last_name')}>
                <input
                  id="join-last-name"
                  name="last_name"
                  type="text"
                  autoComplete="family-name"
                  required
                  maxLength={100}
                  defaultValue={v('last_name')}
                  aria-invalid={!!err('last_name') || undefined}
                  aria-describedby={describedBy('join-last-name', false, !!err('last_name'))}
                />
              </Row>
              <Row id="join-password" name="password" label={t('auth.password')} hint={t('auth.passwordHint')} error={err('password')}>
                <input
                  id="join-password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={8}
                  maxLength={200}
                  aria-invalid={!!err('password') || undefined}
                  aria-describedby={describedBy('join-password', true, !!err('password'))}
                />
              </Row>
              <button type="submit" className="btn btn-primary btn-md" data-testid="join-signup">
                {t('team.join.signUp')}
              </button>
            </form>
            <p className="section-sm">
              {t('team.join.haveAccount')} <Link to={loginHref}>{t('team.join.signIn')}</Link>
            </p>
          </>
        )}
      </div>,
      PRIVATE,
    );
  };
