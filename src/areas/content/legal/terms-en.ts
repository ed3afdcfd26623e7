import type { LegalText } from './types';

export const termsEn: LegalText = {
  version: '1.0',
  effective: '2026-11-25',
  body: `
These terms govern how companies use {{brand}}: the company account, publishing job offers, the workspace with your applicants, browsing candidates, meetings with our team and the paid services. If you use {{brand}} to look for work, the [terms for candidates](route:termsB2c) apply. The Spanish version is the reference text; this translation says the same.

## Who we are and when these terms apply {#scope}

The owner of {{brand}} and of the site {{host}} is **{{entity}}** ("we" below). You can write to us at {{email}}.

You accept these terms when you create a company account or use one. If you create it on behalf of a company, you confirm that you can bind it and that the company accepts these terms. They are for companies and professionals who hire: not for consumers.

## The company account {#account}

- The details you give us (your name, your email, the company's name and details) must be real and up to date.
- Keep your password secret. You are responsible for what is done with your company's accounts; if you think someone got in without permission, change it and tell us.
- We confirm your email with a link before some features are turned on.
- We may refuse or suspend accounts that impersonate another company or do not belong to a company that really hires.

## Publishing offers {#offers}

Publishing offers is free and immediate. Each offer needs a title, area, role, seniority, work mode, country, description and a gross salary range (minimum and maximum above zero, the minimum not above the maximum) in the country's currency or in US dollars. A published offer stays visible for 60 days; you can pause, resume, close or renew it for another 60 days from your workspace.

By publishing, you undertake that the offer:

- is for a real, open position at your company, or at a client company that authorised you to publish it;
- states the salary you are really willing to pay;
- does not discriminate on sex, age, origin, ethnicity, religion, disability, sexual orientation, marital status or any other ground protected by law, except requirements the law allows for the position;
- never asks candidates for money, at any point of the process;
- is not advertising, multi-level marketing, recruitment for paid courses or a way of collecting personal data;
- does not infringe anyone's rights or contain harmful links.

Published offers are public: they appear in search, on your company's page, in RSS feeds and in the structured data search engines read, and anyone can share them. We may fix an offer's formatting, unpublish it or suspend the account that published it if it breaks these rules or if we receive well-founded reports, and we will tell you.

## The market range {#market}

While you write an offer we show you the market salary range for that role, country and seniority, and whether your offer is below, in line with or above it. These are estimates from aggregate data, with their sources, licences and dates in view: they help you find your bearings, but they are not advice or a guarantee of what the market will pay.

## Candidates and applications {#candidates}

When someone applies to your offer, you see their name, their email and their profile details. You can also browse the profiles candidates made public. As to that data:

- You use it only for the hiring process of your offers: not for advertising, not to sell or hand it over, not for other purposes.
- You are an independent controller of whatever you do with it outside {{brand}}, and you comply with the data protection law that applies to you, including informing the candidates.
- You delete it when you no longer need it for the process.
- You keep the status of each application up to date; a "no" is an answer too.

{{brand}} certificates attest the result of a technical interview on a date: they are a useful signal, not a guarantee of anyone's performance. The decision to hire and the employment relationship are between your company and the candidate; we are not a party to them, except as the contracts for paid services say.

## Paid services {#paid-services}

Besides what is free, we offer paid services: **certified shortlists** (a selection of candidates assessed with our technical interviews for your search) and the **managed staffing service** (we search for, assess and introduce candidates for your openings, with a success fee for each hire).

They are contracted through a written proposal we send you after a conversation (you can [request a meeting](route:hireRequestMeeting) or [book one](route:hireSchedule)). The reference prices are on the [pricing](route:hirePricing) page; the proposal sets the scope, timing, price, taxes, payment terms and guarantees, and what it says prevails over these terms. Promotions, such as the [Black November terms](route:termsBlackNovember), have their own rules.

## Meetings {#meetings}

We use the details of your meeting request or booking to contact you about what you ask for. When you book we send you a calendar invitation and a reminder; you can change or cancel the booking from the link in the email.

## Acceptable use {#use}

You may not:

- bulk-download profiles or offers, or extract them with automated programs;
- contact candidates for anything other than a hiring process;
- get around the service's limits, test its security without permission or interfere with how it works;
- share your account with people outside your company or impersonate others;
- publish illegal, misleading or offensive content.

## Content and intellectual property {#content}

Your content (offers, logo, company details) remains yours. You give us a free, non-exclusive, worldwide licence to show it, adapt its format and distribute it on {{brand}}, in its RSS feeds, on search engines and when it is shared, while it is published. The software, design, brand and texts of {{brand}} are ours or our licensors'; the published salary figures are governed by the licences stated next to them.

## Availability and liability {#liability}

We work to keep {{brand}} running well at all times, but we cannot guarantee it will be free of interruptions or errors, or that an offer will attract candidates or lead to a hire. We are not liable for the content other users publish or for hiring decisions.

To the extent the law allows, our total liability to your company is limited to what you paid us in the 12 months before the event that causes it, and excludes loss of profit and indirect damage. This limit does not apply to wilful misconduct or gross negligence. Your company is liable to us for the content it publishes and for how it uses candidates' data.

## Suspension and closing {#termination}

You can close your company's account at any time by writing to {{email}}. We may suspend or close it if you break these terms, telling you why unless the law or other people's safety prevents it. Once it is closed, your offers are no longer published; paid services under way are governed by their proposal.

## Data protection {#privacy}

We process the data of the people at your company under the [privacy policy](route:privacy). As to the candidates' data you receive, your company is responsible for its own processing, as the section "Candidates and applications" says.

## Changes to these terms {#changes}

If we change these terms, we publish the new version with its date at the top of this page and, if the change is significant, we tell you by email at least 15 days before it applies. If you do not agree, you can close your account before that date; if you keep using {{brand}} afterwards, the new terms apply.

## Applicable law and jurisdiction {#law}

These terms are governed by Spanish law. For any dispute, the parties submit to the courts of Madrid (Spain), unless a mandatory rule provides otherwise. Before that, let us try to solve it: write to us at {{email}}.

## Contact {#contact}

For any question about these terms, write to us at {{email}}.
`,
};
