import type { LegalText } from './types';

export const termsB2cEn: LegalText = {
  version: '1.0',
  effective: '2026-11-25',
  body: `
These terms govern how candidates use {{brand}}: your account, your profile, your applications, the courses, the technical interviews, the certificates and the salary tools. All of it is free for you. If you use {{brand}} to hire, the [terms for companies](route:terms) apply. The Spanish version is the reference text; this translation says the same.

## Who we are and when these terms apply {#scope}

The owner of {{brand}} and of the site {{host}} is **{{entity}}** ("we" below). You can write to us at {{email}}.

You accept these terms when you create your account, with the form or with GitHub or Google, and when you use it. You must be at least 18 to create an account.

## Your account {#account}

- One account per person, with your real details and an email address of your own; we confirm it with a link.
- Keep your password secret. If you think someone got in without permission, change it (this ends your other sessions) and tell us.
- You can ask us to close your account at any time by writing to {{email}}.

## Your profile {#profile}

Your profile brings together your headline, country, role, seniority, experience, English level, skills, salary expectation, availability and picture. It is private until you make it public; then anyone with its link, and companies looking for candidates on {{brand}}, can see it. You can make it private again at any time.

What you put on your profile must be true and yours: do not use other people's pictures or texts, or data you have no right to share.

## Applying to offers {#applications}

You can apply once to each open offer. When you apply, the company behind the offer receives your name, your email and your profile details for its hiring process, and you see the status of your application in your workspace.

Offers are published by companies, which are responsible for them. We check that they follow our rules (a real position, a visible salary, no discrimination) and remove those that do not, but we cannot verify everything: if an offer looks suspicious, tell us. **No company may ask you for money to apply or to hire you**; if one does, do not pay and write to us.

The decision to hire you is the company's, and the employment relationship is between you and it: we are not a party to it and do not guarantee that you will find a job.

## Courses and technical interviews {#learning}

Courses are free; we keep your progress so you can pick up where you left off. The first lessons of the free course can be read without an account.

Technical interviews have a time limit and questions drawn at random; timing and scoring happen on our server, and anything you send after the deadline does not count. You can have one attempt under way per interview and, if you do not pass, try again after a waiting period (30 days unless we say otherwise). You answer on your own: taking an interview for someone else, or copying, publishing or sharing the questions, is not allowed. If we detect cheating, we may void the result and revoke the certificate.

## Certificates {#certificates}

If you pass an interview we issue a certificate with the role, the level given by your score, the score and its dates; it is valid for two years. It has a public verification page with your name and a digitally signed credential (Open Badges 3.0) that anyone with the link can check; you can share that link wherever you like. The certificate attests the result of that interview on that date: it is not an official degree or a professional licence. We may revoke it if it was obtained by cheating or by mistake; the verification page will say so.

## Salary tools {#salaries}

The calculator and the salary pages are free and show estimates with their sources, licences and dates: they help you find your bearings, but they are not advice or a guarantee of what you will be paid.

If you contribute your salary, you do so voluntarily and allow us to use it inside aggregate statistics, which we publish under the licence stated next to the figures. It is never shown with your name or in groups of fewer than 5 reports. We only accept it if it is plausible for your country, role and seniority; you can replace it by contributing another.

## Acceptable use {#use}

You may not:

- create fake accounts or accounts in someone else's name;
- bulk-download offers or profiles, or extract them with automated programs;
- get around the service's limits, test its security without permission or interfere with how it works;
- use {{brand}} to send advertising or to contact people for anything other than looking for work;
- publish illegal, misleading or offensive content.

## Content and intellectual property {#content}

What you write and upload remains yours. You allow us to store it and show it as you choose (to you, to the companies you apply to or, if your profile is public, to anyone) while your account exists. The software, design, brand, courses, interview questions and texts of {{brand}} are ours or our licensors'.

## Availability and liability {#liability}

We work to keep {{brand}} running well at all times but, as a free service, we cannot guarantee it will be free of interruptions or errors. We are not liable for the content of offers or for companies' decisions. Nothing here limits the rights consumer protection laws give you, or our liability for wilful misconduct or gross negligence.

## Suspension and closing {#termination}

You can stop using {{brand}} and ask us to close your account whenever you like. We may suspend or close it if you break these terms, telling you why unless the law or other people's safety prevents it. When it is closed we delete your data as the [privacy policy](route:privacy#retention) explains.

## Data protection {#privacy}

We process your data under the [privacy policy](route:privacy), which explains what we keep, what for, who we share it with, for how long and how to exercise your rights.

## Changes to these terms {#changes}

If we change these terms, we publish the new version with its date at the top of this page and, if the change is significant, we tell you by email at least 15 days before it applies. If you do not agree, you can close your account before that date.

## Applicable law and jurisdiction {#law}

These terms are governed by Spanish law. If you are a consumer, you keep the protection of the mandatory rules of your country of residence and may go to the courts where you live. Before that, let us try to solve it: write to us at {{email}}.

## Contact {#contact}

For any question about these terms, write to us at {{email}}.
`,
};
