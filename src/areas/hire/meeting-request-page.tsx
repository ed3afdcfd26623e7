import 'server-only';
import { companySizes, countries } from '../../domain/catalog';
import { ButtonLink } from '../../components/ui/button';
import { PageHero } from '../../components/ui/page-hero';
import { describedBy, Row, Select, Summary } from '../../components/forms/form-parts';
import { ComboSelect, comboLabels } from '../../components/forms/combo-select';
import { LegalConsentNote } from '../../components/forms/legal-note';
import { href } from '../../routes';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { Textarea } from '../../components/forms/textarea';

// /hire/solicitar-reunion: the meeting request (a lead). A plain form that posts to this page; after a
// post the page asks to confirm it from the email (?enviado=1); the email's link (?confirmar=) shows the
// button that confirms it; then the thank-you state (?confirmada=1) with the way to pick a time at once.
type Input = {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  max: number;
  auto?: string;
  hint?: string;
  optional?: boolean;
};

export const requestMeetingPage =
  ({ meetings }: Pick<AreaDeps, 'meetings'>): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    const q = new URLSearchParams(p.query);
    const NO_STORE = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };
    if (q.get('enviado') === '1')
      return answer(200, <PageHero heading={t('meetings.thanks.checkHeading')} intro={t('meetings.thanks.checkBody')} />, NO_STORE);
    // The link of the confirmation email: a button confirms (mail scanners open links; they do not post).
    const token = q.get('confirmar');
    if (token !== null) {
      const waiting = await (await meetings()).leadWaiting(token);
      if (!waiting)
        return answer(
          410,
          <PageHero heading={t('meetings.manage.usedHeading')} intro={t('meetings.error.linkUsed')}>
            <div className="actions">
              <ButtonLink to={href('hireRequestMeeting', locale)} size="lg">
                {t('meetings.form.submit')}
              </ButtonLink>
            </div>
          </PageHero>,
          NO_STORE,
        );
      return answer(
        200,
        <PageHero heading={t('meetings.thanks.confirmHeading')} intro={t('meetings.thanks.confirmBody')}>
          <form method="post" action={href('hireRequestMeeting', locale)} className="actions">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="btn btn-primary btn-lg">
              {t('meetings.thanks.confirm')}
            </button>
          </form>
        </PageHero>,
        NO_STORE,
      );
    }
    if (q.get('confirmada') === '1')
      return answer(
        200,
        <>
          <PageHero heading={t('meetings.thanks.heading')} intro={t('meetings.thanks.body')}>
            <div className="actions">
              <ButtonLink to={href('hireSchedule', locale)} size="lg">
                {t('meetings.thanks.scheduleNow')}
              </ButtonLink>
              <ButtonLink to={href('hire', locale)} size="lg" variant="outline-primary">
                {t('meetings.thanks.back')}
              </ButtonLink>
            </div>
          </PageHero>
        </>,
        { 'cache-control': 'private, no-store' },
      );
    const state = p.form;
    const v = (f: string) => state?.values[f] ?? '';
    const err = (f: string) => state?.errors[f] ?? null;
    const id = (f: string) => `lead-${f}`;
    const input = ({ name, label, type = 'text', max, auto, hint, optional }: Input) => (
      <Row id={id(name)} name={name} label={label} hint={hint} error={err(name)}>
        <input
          id={id(name)}
          name={name}
          type={type}
          required={!optional || undefined}
          maxLength={max}
          autoComplete={auto}
          defaultValue={v(name)}
          aria-invalid={!!err(name) || undefined}
          aria-describedby={describedBy(id(name), !!hint, !!err(name))}
        />
      </Row>
    );
    return (
      <>
        <PageHero heading={t('routes.hireRequestMeeting.heading')} intro={t('routes.hireRequestMeeting.intro')} />
        <div className="container page narrow" style={{ paddingTop: 0 }}>
          <form className="form card" method="post" action={href('hireRequestMeeting', locale)} noValidate>
            <Summary state={state} />
            <p className="field-hint">{t('meetings.form.required')}</p>
            {input({ name: 'name', label: t('meetings.form.name'), max: 160, auto: 'name' })}
            {input({ name: 'company', label: t('meetings.form.company'), max: 160, auto: 'organization' })}
            {input({
              name: 'email',
              label: t('meetings.form.email'),
              type: 'email',
              max: 254,
              auto: 'work email',
              hint: t('meetings.form.emailHint'),
            })}
            {input({
              name: 'phone',
              label: t('meetings.form.phone'),
              type: 'tel',
              max: 24,
              auto: 'tel',
              hint: t('meetings.form.phoneHint'),
              optional: true,
            })}
            <div className="form-grid">
              <ComboSelect
                id={id('country')}
                name="country"
                label={t('meetings.form.country')}
                options={countries.map((o) => ({ id: o.id, label: o.label[locale] }))}
                initial={v('country')}
                empty={t('profile.choose')}
                labels={comboLabels(t)}
                error={err('country') ?? undefined}
              />
              <Row id={id('company_size')} name="company_size" label={t('meetings.form.size')} error={err('company_size')}>
                <Select
                  id={id('company_size')}
                  name="company_size"
                  value={v('company_size')}
                  options={companySizes}
                  locale={locale}
                  empty={t('profile.choose')}
                  error={!!err('company_size')}
                />
              </Row>
            </div>
            {input({ name: 'roles', label: t('meetings.form.roles'), max: 300, hint: t('meetings.form.rolesHint') })}
            <Row id={id('message')} name="message" label={t('meetings.form.message')} error={err('message')}>
              <Textarea
                id={id('message')}
                name="message"
                rows={4}
                maxLength={2000}
                defaultValue={v('message')}
                aria-invalid={!!err('message') || undefined}
                aria-describedby={describedBy(id('message'), false, !!err('message'))}
              />
            </Row>
            {/* The honeypot: off-screen and out of the tab order, so only form-filling bots fill it. */}
            <div className="honeypot" aria-hidden="true">
              <label htmlFor={id('website')}>{t('meetings.form.honeypot')}</label>
              <input id={id('website')} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <button type="submit" className="btn btn-primary btn-lg">
              {t('meetings.form.submit')}
            </button>
            <LegalConsentNote locale={locale} t={t} terms={null} />
          </form>
        </div>
      </>
    );
  };
