import 'server-only';
import { Link } from 'waku';
import IconBadgeCheck from '~icons/lucide/badge-check';
import IconCalendarClock from '~icons/lucide/calendar-clock';
import IconChartLine from '~icons/lucide/chart-line';
import IconHandshake from '~icons/lucide/handshake';
import IconUserCheck from '~icons/lucide/user-check';
import { Actions, CtaBand, Faq, FeatureGrid, Section, Steps } from '../../components/ui/commercial-blocks';
import { PageHero } from '../../components/ui/page-hero';
import { activePromotion, PRICES } from '../../domain/pricing';
import { formatUsd } from '../../i18n/format';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import { percent, PromoBanner } from './pricing-parts';

// /hire/staffing: the managed hiring service (decision 027). What the company gets, the process, the
// timelines, the guarantee and the price, then the calls to request a meeting or book a call. The figures
// (days, fee, minimum) come from the price table, so this page and /hire/pricing cannot disagree.

export function StaffingPage(p: PageProps) {
  const { t, locale } = p;
  const promotion = activePromotion(new Date());
  const fee = { rate: percent(PRICES.staffingRate, locale), minimum: formatUsd(PRICES.staffingMinimumUsd, locale) };
  const size = PRICES.shortlistSize;
  const contact = [
    { to: href('hireRequestMeeting', locale), label: t('routes.hireRequestMeeting.title') },
    { to: href('hireSchedule', locale), label: t('commercial.bookCall') },
  ];
  const timeline = [
    ['kickoff', t('staffing.timeline.kickoff')],
    ['shortlist', t('staffing.timeline.shortlist', { days: PRICES.staffingShortlistWorkingDays })],
    ['hire', t('staffing.timeline.hire')],
    ['guarantee', t('staffing.timeline.guarantee', { days: PRICES.guaranteeDays })],
  ] as const;
  return (
    <div className="commercial">
      <PageHero
        eyebrow={t('staffing.eyebrow')}
        heading={t('routes.hireStaffing.heading')}
        intro={t('routes.hireStaffing.intro', { brand: p.brand })}
      >
        <Actions items={contact} />
      </PageHero>
      <div className="container page commercial-body">
        <Section id="what" heading={t('staffing.what.heading')} intro={t('staffing.what.intro')}>
          <FeatureGrid
            items={[
              { icon: <IconUserCheck />, title: t('staffing.what.recruiter.title'), text: t('staffing.what.recruiter.text') },
              { icon: <IconBadgeCheck />, title: t('staffing.what.assessed.title'), text: t('staffing.what.assessed.text') },
              {
                icon: <IconCalendarClock />,
                title: t('staffing.what.shortlist.title', { days: PRICES.staffingShortlistWorkingDays }),
                text: t('staffing.what.shortlist.text', size),
              },
              { icon: <IconChartLine />, title: t('staffing.what.salary.title'), text: t('staffing.what.salary.text') },
              { icon: <IconHandshake />, title: t('staffing.what.close.title'), text: t('staffing.what.close.text') },
            ]}
          />
        </Section>
        <Section id="process" heading={t('staffing.process.heading')}>
          <Steps
            items={[
              { title: t('staffing.process.kickoff.title'), text: t('staffing.process.kickoff.text') },
              { title: t('staffing.process.search.title'), text: t('staffing.process.search.text') },
              {
                title: t('staffing.process.shortlist.title', { days: PRICES.staffingShortlistWorkingDays }),
                text: t('staffing.process.shortlist.text', size),
              },
              { title: t('staffing.process.interviews.title'), text: t('staffing.process.interviews.text') },
              {
                title: t('staffing.process.onboarding.title'),
                text: t('staffing.process.onboarding.text', { days: PRICES.guaranteeDays }),
              },
            ]}
          />
        </Section>
        <Section id="timeline" heading={t('staffing.timeline.heading')}>
          <dl className="timeline-list">
            {timeline.map(([key, detail]) => (
              <div key={key} className="card timeline-item">
                <dt>{t(`staffing.timeline.${key}Term`)}</dt>
                <dd>{detail}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section id="guarantee" heading={t('staffing.guarantee.heading', { days: PRICES.guaranteeDays })} className="guarantee-box">
          <p>{t('staffing.guarantee.text', { days: PRICES.guaranteeDays })}</p>
        </Section>
        <Section id="price" heading={t('staffing.price.heading')}>
          <p className="staffing-price">{t('staffing.price.text', fee)}</p>
          <p>
            <Link to={href('hirePricing', locale)}>{t('staffing.price.link')}</Link>
          </p>
        </Section>
        {promotion && <PromoBanner t={t} locale={locale} promotion={promotion} />}
        <Faq
          heading={t('commercial.faqHeading')}
          items={[
            { q: t('staffing.faq.difference.q'), a: <p>{t('staffing.faq.difference.a')}</p> },
            { q: t('staffing.faq.cost.q'), a: <p>{t('staffing.faq.cost.a', fee)}</p> },
            { q: t('staffing.faq.leaves.q'), a: <p>{t('staffing.faq.leaves.a', { days: PRICES.guaranteeDays })}</p> },
            { q: t('staffing.faq.roles.q'), a: <p>{t('staffing.faq.roles.a')}</p> },
            { q: t('staffing.faq.employer.q'), a: <p>{t('staffing.faq.employer.a', { brand: p.brand })}</p> },
          ]}
        />
        <CtaBand heading={t('staffing.cta.heading')} text={t('staffing.cta.text')} actions={contact} />
      </div>
    </div>
  );
}
