'use client';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createApiClient } from '../../client/api-client';
import type { Locale } from '../../i18n/locales';
import { subsetT } from '../../i18n/subset-t';
import { MarketCheckBody, type MarketFigures } from './market-check-view';
import { marketQueryOf } from './market-query';

// Loaded on demand by <MarketLive>: watches the offer form and, a moment after its role, seniority, country,
// English, work mode, salary, currency or period change, asks /api/v3/hire/market for the range and the
// verdict and shows them in place of the server-rendered check, in a polite live region.
export type MarketLiveProps = { locale: Locale; messages: Record<string, string>; formId: string };

const DEBOUNCE_MS = 400;
type Live = { market: MarketFigures } | { error: string } | null;

export default function MarketLiveImpl({ locale, messages, formId, children }: MarketLiveProps & { children?: ReactNode }) {
  const t = useMemo(() => subsetT(messages), [messages]);
  const [live, setLive] = useState<Live>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const client = createApiClient({ base: '/api', lang: locale });
    // What the server already checked is not asked again; only a change is.
    let last = new URLSearchParams(marketQueryOf(new FormData(form))).toString();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const check = async () => {
      const query = marketQueryOf(new FormData(form));
      const key = new URLSearchParams(query).toString();
      if (key === last) return;
      last = key;
      const mine = ++asked;
      setBusy(true);
      const r = await client.get<{ market: MarketFigures }>('/v3/hire/market', query);
      // An answer to an older question is dropped: the form has moved on.
      if (mine !== asked) return;
      setBusy(false);
      setLive(r.success ? { market: r.result.market } : { error: r.message });
    };
    // The searchable selects keep their value in hidden inputs, which fire no event: any interaction with
    // the form schedules a comparison of what it now holds with what was last asked.
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void check(), DEBOUNCE_MS);
    };
    const events = ['input', 'change', 'click', 'keyup', 'focusout'] as const;
    for (const e of events) form.addEventListener(e, schedule);
    return () => {
      clearTimeout(timer);
      for (const e of events) form.removeEventListener(e, schedule);
    };
  }, [formId, locale]);

  return (
    <div aria-live="polite" aria-busy={busy} data-testid="market-live" data-live={live ? 'yes' : 'no'}>
      {!live ? (
        children
      ) : 'error' in live ? (
        <p className="notice">{live.error}</p>
      ) : (
        <MarketCheckBody market={live.market} locale={locale} t={t} />
      )}
      {live && <p className="field-hint">{t(busy ? 'hire.market.checking' : 'hire.market.live')}</p>}
    </div>
  );
}
