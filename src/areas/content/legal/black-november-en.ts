import type { LegalText } from './types';

export const blackNovemberEn: LegalText = {
  version: '1.0',
  effective: '2026-11-25',
  body: `
These rules govern {{brand}}'s Black November promotion: 20% off the paid services for companies contracted from 1 to 30 November 2026. They complement the [terms for companies](route:terms), which apply to everything not said here. The Spanish version is the reference text; this translation says the same.

## Who runs the promotion {#organizer}

It is run by **{{entity}}**, the owner of the site {{host}}. For any question about the promotion, write to us at {{email}}.

## Promotion period {#period}

The promotion applies to services contracted between **1 November 2026 at 00:00** and **30 November 2026 at 23:59** (Madrid time, Spain), both included. A service counts as contracted on the date you accept our proposal in writing.

## Who can take part {#participants}

Companies and professionals who hire talent through {{brand}}, with a company account or creating one to hire. The promotion is not aimed at consumers or candidates: for them {{brand}} is already free.

## What the discount is {#discount}

A **20% discount** on the price of the paid services:

- **Certified shortlists**: on the price of each shortlist contracted in the period.
- **Managed staffing service**: on the success fees of each hire made through a service contracted in the period, the minimum fee included, even if the person starts after 30 November.

The discount is calculated on the price before taxes and does not apply to taxes or to third-party costs the proposal lists separately. The proposal shows the regular price, the discount and the final price.

## The free plan does not change {#free-plan}

Publishing offers, managing applicants and browsing public profiles stay free, with or without the promotion: the discount only affects the paid services.

## How it applies {#how}

[Request a meeting](route:hireRequestMeeting) or [book one](route:hireSchedule) and tell us what you need. We apply the discount to every proposal for the services above that you accept within the period, even if you do not mention the promotion. A proposal issued in November but accepted after 30 November does not get the discount, unless the proposal itself says otherwise.

## Limits and combining {#limits}

- The discount **cannot be combined** with other discounts, promotions or special prices: if another one suits you better, we apply that one.
- It cannot be exchanged for cash or transferred to another company.
- It does not apply to services contracted before 1 November 2026, or to their extensions outside the period.
- Services you contract after the period are invoiced at the regular price on the [pricing](route:hirePricing) page.

## Changes or early end {#changes}

We may change or end the promotion early for justified reasons, announcing it on this page. Changes never affect proposals already accepted with the discount.

## Data protection {#privacy}

The data you give us to take part is processed under the [privacy policy](route:privacy), only to handle your request and the contracted service.

## Applicable law {#law}

These rules are governed by Spanish law and, for anything not covered, by the [terms for companies](route:terms#law).
`,
};
