// Offer moderation's pure rules (decision 071): what a visitor may report, and the simple rules that flag an
// offer when a company creates or edits it. A flag only puts the offer in the operators' queue; nothing is
// hidden without an operator.

/** The reasons a report names (the form's fixed list; anything else is refused). */
export const REPORT_REASONS = ['scam', 'payment', 'misleading', 'discriminatory', 'offensive', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const isReportReason = (v: unknown): v is ReportReason => typeof v === 'string' && (REPORT_REASONS as readonly string[]).includes(v);
/** The optional free text of a report. */
export const REPORT_TEXT_MAX = 500;

/** What an operator does to an offer in the queue. */
const MODERATION_ACTIONS = ['hide', 'restore', 'remove'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const isModerationAction = (v: unknown): v is ModerationAction =>
  typeof v === 'string' && (MODERATION_ACTIONS as readonly string[]).includes(v);
/** The reason an operator gives (the company reads it in the email). */
export const DECISION_REASON_MIN = 10;
export const DECISION_REASON_MAX = 1000;

type FlagRule = 'asks-payment' | 'contact-in-title' | 'salary-out-of-range' | 'burst';
export type Flag = { rule: FlagRule; detail: string };

/** What the rules read of an offer, and of its company's recent activity. */
export type ScreenedOffer = {
  title: string;
  description: string;
  /** The top and bottom of the range in USD per month (the offer's own conversion). */
  salaryMinUsdMonth: number;
  salaryMaxUsdMonth: number;
  /** The market's median for the role and country in USD per month, when the salary figures have one. */
  marketMedianUsdMonth?: number | null;
  /** Offers the company created in the last BURST_WINDOW_MS, this one included. */
  recentOffers: number;
};

/** More than this many offers from one company within the window is a burst. */
export const BURST_MAX = 5;
export const BURST_WINDOW_MS = 10 * 60_000;
/** Without a market figure: a monthly salary outside these bounds (USD) is no real salary. */
const SANITY_MIN_USD_MONTH = 50;
const SANITY_MAX_USD_MONTH = 60_000;
/** With one: the range is far outside the market when it tops out below a fifth of it or starts above five times it. */
const MARKET_FACTOR = 5;

/** Lower case without accents, so "Inscripción" and "inscripcion" match alike. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// Words asking the candidate to pay: whole words or phrases, on folded text.
const PAYMENT = [
  /\bpago (por )?adelantad[oa]\b/,
  /\bpago previo\b/,
  /\b(cuota|costo|tarifa|derecho) de (inscripcion|ingreso|registro)\b/,
  /\binscripcion\b/,
  /\bdeposit(o|ar)?\b/,
  /\bdeposits?\b/,
  /\b(upfront|advance) (payment|fee)\b/,
  /\bfees?\b/,
  /\bpay (a|the|an) \w*\s?fee\b/,
];

// Ways to reach someone off the platform, in a title.
const CONTACT: [string, RegExp][] = [
  ['email', /[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+/i],
  ['whatsapp', /\b(whats ?app|wsp|wa\.me)\b/i],
  ['telegram', /\b(t\.me|telegram)\b/i],
  // Seven or more digits, with the usual separators between them.
  ['phone', /(\+?\d[\d ().-]{6,}\d)/],
];

/** The rules that an offer breaks, each with what matched (empty: nothing to look at). */
export function flagOffer(o: ScreenedOffer): Flag[] {
  const flags: Flag[] = [];
  const text = fold(`${o.title}\n${o.description}`);
  const payment = PAYMENT.map((re) => re.exec(text)?.[0]).find(Boolean);
  if (payment) flags.push({ rule: 'asks-payment', detail: payment });
  for (const [kind, re] of CONTACT) {
    const m = re.exec(o.title);
    if (m && (kind !== 'phone' || m[0].replace(/\D/g, '').length >= 7)) {
      flags.push({ rule: 'contact-in-title', detail: kind });
      break;
    }
  }
  const median = o.marketMedianUsdMonth;
  if (median && median > 0) {
    if (o.salaryMaxUsdMonth < median / MARKET_FACTOR || o.salaryMinUsdMonth > median * MARKET_FACTOR)
      flags.push({ rule: 'salary-out-of-range', detail: `market ${Math.round(median)} USD/month` });
  } else if (o.salaryMaxUsdMonth < SANITY_MIN_USD_MONTH || o.salaryMinUsdMonth > SANITY_MAX_USD_MONTH) {
    flags.push({ rule: 'salary-out-of-range', detail: `outside ${SANITY_MIN_USD_MONTH}–${SANITY_MAX_USD_MONTH} USD/month` });
  }
  if (o.recentOffers > BURST_MAX) flags.push({ rule: 'burst', detail: `${o.recentOffers} offers in ${BURST_WINDOW_MS / 60_000} min` });
  return flags;
}
