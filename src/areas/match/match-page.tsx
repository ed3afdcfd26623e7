import 'server-only';
import IconBadgeCheck from '~icons/lucide/badge-check';
import IconBookOpen from '~icons/lucide/book-open';
import IconCalculator from '~icons/lucide/calculator';
import IconChartLine from '~icons/lucide/chart-line';
import IconGraduationCap from '~icons/lucide/graduation-cap';
import { Actions, CtaBand, Faq, FeatureGrid, Section, Steps } from '../../components/ui/commercial-blocks';
import { PageHero } from '../../components/ui/page-hero';
import { getConfig } from '../../server/config';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { AreasSection, LiveFigures } from '../../views/commercial/live-figures';
import { InterviewList } from '../../views/learning/interview-list';

// /match: the candidates' side of the marketplace (decision 027): searching offers, courses and
// certificates, the salary tools, live figures, an FAQ and the sign-up call. The same page for every
// visitor (nothing here depends on the session), so the page cache may keep it.

const MATCH_FIGURES = ['openOffers', 'hiringCompanies', 'certifiedProfiles', 'salaryReports'] as const;

export const matchPage =
  ({ marketplace, learning }: Pick<AreaDeps, 'marketplace' | 'learning'>) =>
  async (p: PageProps) => {
    const { t, locale } = p;
    const [figures, interviews] = await Promise.all([
      marketplace().then((m) => m.figures()),
      learning().then((l) => l.interviews(null, locale)),
    ]);
    const signUp = { to: href('signUp', locale), label: t('matchHome.ctaSignUp') };
    return (
      <div className="commercial">
        <PageHero eyebrow={t('matchHome.eyebrow')} heading={t('routes.match.heading')} intro={t('routes.match.intro', { brand: p.brand })}>
          <Actions items={[{ to: href('jobs', locale), label: t('home.ctaMatch') }, signUp]} />
        </PageHero>
        <div className="container page commercial-body">
          <AreasSection t={t} locale={locale} intro={t('matchHome.areasIntro')} link />
          <Section id="learn" heading={t('matchHome.learn.heading')} intro={t('matchHome.learn.intro')}>
            <FeatureGrid
              items={[
                {
                  icon: <IconBookOpen />,
                  title: t('matchHome.learn.courses.title'),
                  text: t('matchHome.learn.courses.text'),
                  to: href('matchCourses', locale),
                },
                {
                  icon: <IconGraduationCap />,
                  title: t('matchHome.learn.free.title'),
                  text: t('matchHome.learn.free.text'),
                  to: href('freeCourse', locale),
                },
                { icon: <IconBadgeCheck />, title: t('matchHome.learn.certificates.title'), text: t('matchHome.learn.certificates.text') },
              ]}
            />
            {interviews.length > 0 && (
              <>
                <h3 className="section-sm">{t('matchHome.learn.interviews')}</h3>
                <InterviewList interviews={interviews} locale={locale} t={t} />
              </>
            )}
          </Section>
          <Section id="tools" heading={t('matchHome.tools.heading')} intro={t('matchHome.tools.intro')}>
            <FeatureGrid
              items={[
                {
                  icon: <IconChartLine />,
                  title: t('matchHome.tools.salaries.title'),
                  text: t('matchHome.tools.salaries.text'),
                  to: href('tools', locale),
                },
                {
                  icon: <IconCalculator />,
                  title: t('matchHome.tools.calculator.title'),
                  text: t('matchHome.tools.calculator.text'),
                  to: href('calculator', locale),
                },
              ]}
            />
          </Section>
          <Section id="how" heading={t('matchHome.steps.heading')}>
            <Steps
              items={(['profile', 'certify', 'apply'] as const).map((s) => ({
                title: t(`matchHome.steps.${s}.title`),
                text: t(`matchHome.steps.${s}.text`),
              }))}
            />
          </Section>
          <LiveFigures t={t} locale={locale} brand={p.brand} figures={figures} show={MATCH_FIGURES} />
          <Faq
            heading={t('commercial.faqHeading')}
            items={[
              { q: t('matchHome.faq.cost.q'), a: <p>{t('matchHome.faq.cost.a')}</p> },
              { q: t('matchHome.faq.salary.q'), a: <p>{t('matchHome.faq.salary.a', { brand: p.brand })}</p> },
              {
                q: t('matchHome.faq.certificate.q'),
                a: <p>{t('matchHome.faq.certificate.a', { days: getConfig().INTERVIEW_RETAKE_DAYS })}</p>,
              },
              { q: t('matchHome.faq.profile.q'), a: <p>{t('matchHome.faq.profile.a')}</p> },
              { q: t('matchHome.faq.pay.q'), a: <p>{t('matchHome.faq.pay.a')}</p> },
              { q: t('matchHome.faq.remote.q'), a: <p>{t('matchHome.faq.remote.a')}</p> },
            ]}
          />
          <CtaBand
            heading={t('matchHome.cta.heading')}
            text={t('matchHome.cta.text')}
            actions={[signUp, { to: href('jobs', locale), label: t('home.ctaMatch') }]}
          />
        </div>
      </div>
    );
  };
