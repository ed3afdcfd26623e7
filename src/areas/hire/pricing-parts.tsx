import 'server-only';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import IconBadgePercent from '~icons/lucide/badge-percent';
import IconCheck from '~icons/lucide/check';
import IconMinus from '~icons/lucide/minus';
import { ButtonLink } from '../../components/ui/button';
import { Section } from '../../components/ui/commercial-blocks';
import {
  CURRENCY_PARAMS,
  discounted,
  discountedRate,
  localPrice,
  PRICE_CURRENCIES,
  PRICES,
  type FxRates,
  type Promotion,
} from '../../domain/pricing';
import { formatLongDate, formatMoney, formatMonthYear, formatUsd } from '../../i18n/format';
import { localeInfo, type Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';

// The parts of /hire/pricing (decision 027): the currency picker (a GET form: works without JavaScript and
// keeps the page cacheable per URL), the plan cards, the comparison table, the promotion and the tax notes.
// Prices come from src/domain/pricing.ts in US dollars; the local amount is an indication at the FX date.

type Common = { t: T; locale: Locale };
/** What every price needs: the currency to show beside US dollars (USD: none) and the FX table. */
export type Money = Common & { currency: string; fx: FxRates };

export const percent = (rate: number, locale: Locale) =>
  new Intl.NumberFormat(localeInfo[locale].language, { style: 'percent', maximumFractionDigits: 1 }).format(rate);

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** A price in US dollars, with its indicative amount in the chosen currency beside it. */
function Price({ usd, t, locale, currency, fx }: Money & { usd: number }) {
  // Free is free in every currency.
  const local = usd > 0 ? localPrice(usd, currency, fx) : null;
  return (
    <>
      <span className="price-usd" data-testid="price-usd">
        {formatUsd(usd, locale)}
      </span>
      {local && ' '}
      {local && (
        <span className="price-local" data-testid="price-local">
          {t('pricing.approx', { amount: formatMoney(local.amount, local.currency, locale) })}
        </span>
      )}
    </>
  );
}

export function CurrencyForm({ t, locale, currency }: Common & { currency: string }) {
  const names = new Intl.DisplayNames([localeInfo[locale].language], { type: 'currency' });
  return (
    <form method="get" action={href('hirePricing', locale)} className="currency-form">
      <label htmlFor="pricing-currency">{t('pricing.currency.label')}</label>
      <div className="currency-form-row">
        <select id="pricing-currency" name={CURRENCY_PARAMS[locale]} defaultValue={currency.toLowerCase()}>
          {PRICE_CURRENCIES.map((c) => (
            <option key={c} value={c.toLowerCase()}>
              {`${capitalise(names.of(c) ?? c)} (${c})`}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-outline-primary btn-md">
          {t('pricing.currency.submit')}
        </button>
      </div>
      <p className="field-hint">{t('pricing.currency.hint')}</p>
    </form>
  );
}

export function PromoBanner({ t, locale, promotion }: Common & { promotion: Promotion }) {
  return (
    <section className="promo-banner" aria-labelledby="promo-heading" data-testid="promo-banner">
      <IconBadgePercent aria-hidden className="icon promo-icon" />
      <div>
        <h2 id="promo-heading">{t('pricing.promo.heading')}</h2>
        <p>
          {t('pricing.promo.text', {
            discount: percent(promotion.discount, locale),
            firstDay: Number(promotion.firstDay.slice(8)),
            lastDay: Number(promotion.lastDay.slice(8)),
            monthYear: formatMonthYear(`${promotion.lastDay}T12:00:00Z`, locale),
          })}{' '}
          <Link to={href('termsBlackNovember', locale)}>{t('pricing.promo.terms')}</Link>
        </p>
      </div>
    </section>
  );
}

type Plan = {
  id: 'free' | 'shortlist' | 'staffing';
  price: ReactNode;
  unit: string;
  extra?: ReactNode;
  features: string[];
  cta: { to: string; label: string };
  more?: { to: string; label: string };
};

export function PlanCards(props: Money & { promotion: Promotion | null }) {
  const { t, locale, promotion } = props;
  const everything = t('pricing.features.everythingFree');
  const minimum = (usd: number) => <Price {...props} usd={usd} />;
  const plans: Plan[] = [
    {
      id: 'free',
      price: <Price {...props} usd={0} />,
      unit: t('pricing.plans.free.unit'),
      features: [
        t('pricing.features.offers', { days: PRICES.offerDays }),
        t('pricing.features.pipeline'),
        t('pricing.features.market'),
        t('pricing.features.profiles'),
      ],
      cta: { to: href('hireCreateOffer', locale), label: t('home.ctaHire') },
    },
    {
      id: 'shortlist',
      price: <Price {...props} usd={PRICES.shortlistUsd} />,
      unit: t('pricing.plans.shortlist.unit'),
      extra: promotion && (
        <p className="plan-promo">
          {t('pricing.promo.price', { name: t('pricing.promo.heading') })}{' '}
          <Price {...props} usd={discounted(PRICES.shortlistUsd, promotion)} />
        </p>
      ),
      features: [
        everything,
        t('pricing.features.shortlist', PRICES.shortlistSize),
        t('pricing.features.shortlistTime', { days: PRICES.shortlistWorkingDays }),
        t('pricing.features.report'),
        t('pricing.features.redo'),
      ],
      cta: { to: href('hireRequestMeeting', locale), label: t('pricing.plans.shortlist.cta') },
    },
    {
      id: 'staffing',
      price: <span className="price-usd">{percent(PRICES.staffingRate, locale)}</span>,
      unit: t('pricing.plans.staffing.unit'),
      extra: (
        <>
          <p className="plan-minimum">
            {t('pricing.plans.staffing.minimum')} {minimum(PRICES.staffingMinimumUsd)}
          </p>
          {promotion && (
            <p className="plan-promo">
              {t('pricing.promo.price', { name: t('pricing.promo.heading') })}{' '}
              {t('pricing.promo.staffing', { rate: percent(discountedRate(PRICES.staffingRate, promotion), locale) })}{' '}
              {minimum(discounted(PRICES.staffingMinimumUsd, promotion))}
            </p>
          )}
        </>
      ),
      features: [
        everything,
        t('pricing.features.managed'),
        t('pricing.features.staffingTime', { days: PRICES.staffingShortlistWorkingDays }),
        t('pricing.features.payOnHire'),
        t('pricing.features.guarantee', { days: PRICES.guaranteeDays }),
      ],
      cta: { to: href('hireRequestMeeting', locale), label: t('commercial.talkToSales') },
      more: { to: href('hireStaffing', locale), label: t('pricing.plans.staffing.more') },
    },
  ];
  return (
    <ul className="plan-grid">
      {plans.map((plan) => (
        <li key={plan.id} className={`card plan plan-${plan.id}`} data-plan={plan.id}>
          <h3>{t(`pricing.plans.${plan.id}.name`)}</h3>
          <p className="muted">{t(`pricing.plans.${plan.id}.tagline`)}</p>
          <p className="plan-price">
            {plan.price} <span className="plan-unit">{plan.unit}</span>
          </p>
          {plan.extra}
          <ul className="plan-features">
            {plan.features.map((f) => (
              <li key={f}>
                <IconCheck aria-hidden className="icon" />
                {f}
              </li>
            ))}
          </ul>
          <div className="plan-actions">
            <ButtonLink to={plan.cta.to} variant={plan.id === 'free' ? 'primary' : 'outline-primary'}>
              {plan.cta.label}
            </ButtonLink>
            {plan.more && <Link to={plan.more.to}>{plan.more.label}</Link>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A comparison cell: included (true), not included (false) or what the plan gives. */
type Cell = ReactNode;

export function CompareTable(props: Money) {
  const { t, locale } = props;
  const yes = true;
  const no = false;
  const rows: [key: string, label: string, cells: [Cell, Cell, Cell]][] = [
    [
      'price',
      t('pricing.compare.price'),
      [
        <Price key="f" {...props} usd={0} />,
        <>
          <Price {...props} usd={PRICES.shortlistUsd} /> {t('pricing.plans.shortlist.unit')}
        </>,
        t('pricing.compare.staffingPrice', {
          rate: percent(PRICES.staffingRate, locale),
          minimum: formatUsd(PRICES.staffingMinimumUsd, locale),
        }),
      ],
    ],
    ['offers', t('pricing.features.offers', { days: PRICES.offerDays }), [yes, yes, yes]],
    ['pipeline', t('pricing.features.pipeline'), [yes, yes, yes]],
    ['market', t('pricing.features.market'), [yes, yes, yes]],
    ['profiles', t('pricing.features.profiles'), [yes, yes, yes]],
    [
      'shortlist',
      t('pricing.compare.shortlist'),
      [no, t('pricing.compare.shortlistSize', PRICES.shortlistSize), t('pricing.compare.shortlistInterviewed', PRICES.shortlistSize)],
    ],
    ['interviews', t('pricing.compare.interviews'), [no, no, yes]],
    [
      'time',
      t('pricing.compare.time'),
      [
        no,
        t('pricing.compare.workingDays', { days: PRICES.shortlistWorkingDays }),
        t('pricing.compare.workingDays', { days: PRICES.staffingShortlistWorkingDays }),
      ],
    ],
    [
      'guarantee',
      t('pricing.compare.guarantee'),
      [no, t('pricing.compare.redoOnce'), t('pricing.compare.replacement', { days: PRICES.guaranteeDays })],
    ],
    ['payment', t('pricing.compare.payment'), [t('pricing.compare.never'), t('pricing.compare.onDelivery'), t('pricing.compare.onStart')]],
  ];
  const cell = (c: Cell) =>
    c === true ? (
      <>
        <IconCheck aria-hidden className="icon cell-yes" />
        <span className="sr-only">{t('pricing.compare.included')}</span>
      </>
    ) : c === false ? (
      <>
        <IconMinus aria-hidden className="icon cell-no" />
        <span className="sr-only">{t('pricing.compare.notIncluded')}</span>
      </>
    ) : (
      c
    );
  return (
    <Section id="compare" heading={t('pricing.compare.heading')}>
      <div className="table-scroll compare-scroll" tabIndex={0} role="group" aria-labelledby="compare-heading">
        <table className="compare-table">
          <caption className="sr-only">{t('pricing.compare.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pricing.compare.feature')}</th>
              {(['free', 'shortlist', 'staffing'] as const).map((id) => (
                <th key={id} scope="col">
                  {t(`pricing.plans.${id}.name`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, label, cells]) => (
              <tr key={key} data-row={key}>
                <th scope="row">{label}</th>
                {cells.map((c, i) => (
                  <td key={i}>{cell(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export function TaxNotes({ t, locale, currency, fx }: Money) {
  const local = localPrice(1, currency, fx);
  const names = new Intl.DisplayNames([localeInfo[locale].language], { type: 'currency' });
  return (
    <Section id="taxes" heading={t('pricing.tax.heading')}>
      <ul className="tax-notes">
        <li>{t('pricing.tax.vat')}</li>
        <li>{t('pricing.tax.usd')}</li>
        <li data-testid="fx-note">
          {local
            ? t('pricing.tax.local', {
                currency: names.of(local.currency) ?? local.currency,
                date: formatLongDate(`${local.asOf}T12:00:00Z`, locale),
                rate: formatMoney(local.rate, local.currency, locale),
              })
            : t('pricing.tax.usdOnly')}
        </li>
      </ul>
    </Section>
  );
}
