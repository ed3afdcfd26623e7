import type { LegalText } from './types';

export const privacyEn: LegalText = {
  version: '1.1',
  effective: '2026-11-27',
  body: `
This policy explains what personal data we process when you use {{brand}} (the site {{host}}, its API and its emails), what for, on what legal basis, who we share it with, how long we keep it and how to exercise your rights. It is written for what {{brand}} actually does: if that changes, we change this policy and its version. The Spanish version is the reference text; this translation says the same.

## Who is responsible for your data {#controller}

The controller is **{{entity}}**, the owner of the site {{host}} ("we" below). For any question about your data, or to exercise your rights, write to {{email}}.

When you apply to a job offer, the company that published it receives your data for its hiring process and decides about it as an independent controller: this policy explains what we do; what the company does is governed by its own policy.

## What data we process {#data}

### Your account

When you create an account (as a candidate on the sign-up page, as a company on "Start now", or from the registration step of the salary calculator) we keep your first name, last name, email address and password. The password is never stored as such: only its argon2id hash, which cannot be turned back into it. We also keep the account type (candidate or company), its status (awaiting confirmation, active or suspended), where you signed up (the regular sign-up, an offer, the calculator or the free course), the campaign you came from if the link carried one (utm parameters), and the dates of sign-up and changes. For a company account, also the company name.

### Signing in with GitHub or Google

If you choose to sign in with GitHub or Google, that service sends us your id there, your name, your verified email and, if you have one, your profile picture. We never receive your password for that service and never post anything on your behalf. We only ask to read your profile and email. If you had no account yet, we create a candidate account with that data.

### Your candidate profile

What you fill in on your profile: headline, country, role, seniority, years of experience, English level, skills, salary expectation, availability and your picture (JPEG, PNG or WebP up to 2 MB). Your profile is private until you make it public; then anyone with its link, and companies looking for candidates on {{brand}}, can see it.

### Your company's details and offers

For companies we keep the name, website, size, country, location, description and logo, and which users belong to each. Offers (position, requirements, work mode, location, salary range and description) are public while published. If you write an offer without an account, we keep what you wrote so that you do not lose it when you sign up, together with a hash of your IP address that only serves to limit abuse.

### Your applications

When you apply, we keep which offer, the status of your application in the company's process, and its dates. The company behind that offer sees your first and last name, your email and your profile details (headline, country, role, seniority, English level, skills and certificates).

### The salary you contribute

In the calculator you may, if you wish, contribute your gross monthly salary. We keep it together with what you entered in the calculator (country, role, seniority, years, English, work mode and skills), linked to your account only so that we can replace it if you contribute again. Your salary is only used inside aggregate statistics (medians and percentiles): it is never shown with your name, and no group of fewer than 5 reports is ever shown or ranked. The aggregate figures we publish contain no personal data.

### Courses, technical interviews and certificates

We keep which courses you enrolled in, which lessons you completed and where you left off. For each technical interview we keep the questions you were given, your answers, the start and end time, and the result. If you pass, we issue a certificate with your name, the role, the level, the score and its issue and expiry dates: it has a public verification page and a digitally signed credential (Open Badges 3.0) that anyone with the link can check.

### Meeting requests and bookings

If you request a meeting for your company, we keep your name, your company, your work email, your phone, your country, the company size, the roles you are hiring for and your message. If you book a slot, we keep your name, your email, your company, your message, the date and time you chose and your time zone, and we send you a calendar invitation (iCalendar) and a reminder email; the link to change or cancel the booking is kept only as a hash.

### The emails we send you

We write to you to confirm your email, to reset your password and to confirm or remind you of meetings. Each message goes through an outbox where we keep recipient, subject, text and delivery status; single-use links are removed from the stored text once it is sent.

### Technical data

To protect accounts we count sign-in, sign-up and email-link attempts per IP address and per account. Our server logs record the method, path, status and duration of each request; they do not record your IP, what you send in forms, passwords or tokens. Cookies are explained in their own section.

## What we use it for and on what legal basis {#purposes}

- **Providing the service you ask for** (creating and keeping your account and profile, publishing offers, handling applications, courses, interviews and certificates, answering your meeting request): performance of the contract you accept with our terms, or steps you ask us to take before one.
- **Making your profile public or contributing your salary**: your consent, given when you turn each option on, which you can withdraw at any time.
- **Measuring how the site is used and catching errors with third-party tools** (analytics and monitoring): your consent in the cookie notice.
- **Keeping the service secure** (attempt limits, ending sessions, preventing fraud and abuse): our legitimate interest in protecting users and the service.
- **Aggregate salary statistics**: your consent when you contribute your salary; the published figures are anonymous.
- **Invoicing paid services and answering legal requests**: compliance with legal obligations.
- **Sending you the emails the service needs** (confirmations, password resets, meetings): performance of the contract. We do not send you advertising without your consent.

We take no automated decisions with legal effects on you: the result of a technical interview is computed automatically from your answers, but who gets hired is always decided by a person at the company.

## Who we share your data with {#recipients}

- **Everyone**, only what is public by nature or because you decide so: published offers, profiles you made public and certificate verification pages.
- **The company whose offer you apply to**, the application data described above.
- **Our providers**, who process data on our behalf and under contract: hosting and database, email delivery and, only if you accept them, RudderStack (analytics) and Datadog (monitoring).
- **GitHub or Google**, only if you choose to sign in with them: they know you used their sign-in on {{brand}}.
- **Authorities**, when a law requires us to.

We do not sell your data or hand it over for third-party advertising.

## International transfers {#transfers}

Some providers (RudderStack, Datadog, GitHub, Google) may process data outside your country or the European Economic Area, for example in the United States. In those cases we rely on the EU-US Data Privacy Framework where the provider has joined it, or on the standard contractual clauses approved by the European Commission. When you apply to a company in another country, your data reaches it because that is necessary for what you ask for.

## How long we keep it {#retention}

- **Account, profile, applications, messages, alerts, notifications, courses, interviews and certificates**: as long as your account exists. You can delete it yourself from [your account](route:accountDelete): all your sessions end at once and your profile and applications stop being shown; for 30 days you can cancel by signing in, and after those 30 days we delete all your data (your files and the emails waiting to be sent to you too). Your certificates are revoked: they can no longer be verified. Messages you wrote to candidates for a company are deleted; if you were your company's only owner, the company, its offers and its conversations are deleted with you, and we tell the people who had applied to its open offers.
- **Contributed salary**: until you contribute another one (it replaces the earlier one). If you delete your account, it stays only as an anonymous figure: we remove everything that links it to you, and neither it nor the aggregate figures can identify you.
- **Log of operator actions**: what our operations team does to accounts is kept for 2 years, also once the account is gone.
- **Offers written without an account**: 7 days; deleted earlier if you publish or save the offer.
- **Confirmation and password links**: they expire after 24 hours and one hour respectively, and are kept only as a hash.
- **Ended sessions**: the id of a session you ended is kept until the date it would have expired (one year at most) so that it cannot be used again.
- **Attempt counters per IP or per account**: deleted within a day.
- **Meeting requests and bookings**: 24 months from the last contact with your company, unless you contract a service; then, whatever that contract requires.
- **Email outbox**: 12 months from sending.
- **Server logs**: 30 days.
- **Invoicing of paid services**: the period commercial and tax law requires (in Spain, up to 6 years).
- **Cookies**: as stated in the cookie section.

## Your rights and how to exercise them {#rights}

You can ask us at any time for:

- **Access**: to know what data of yours we process and get a copy. You download the copy yourself from [your account](route:account), with "Download my data".
- **Rectification**: to correct inaccurate or incomplete data. You can correct almost everything yourself in your profile or your company's details.
- **Erasure**: to delete your data, including your account (you can delete it yourself from [your account](route:accountDelete)).
- **Portability**: to receive the data you gave us in a structured, commonly used format (a ZIP file with a JSON file and the files you uploaded, from "Download my data" in [your account](route:account)), or to have us send it to another controller.
- **Objection**: to stop processing your data where we do so on legitimate interest.
- **Restriction**: to keep your data without using it while we resolve a complaint.
- **Withdrawing your consent**: making your profile private, deleting your contributed salary or changing your cookie settings, without affecting what was done before.

If you live in Latin America, these are also your rights of access, rectification, cancellation and objection (ARCO).

For a copy of your data you do not need to write to us: ask for it in your account, we prepare it in the background and email you a link that works for 7 days while you are signed in (then we delete the file); you can ask once a day. For the other rights, write to {{email}} from your account's email address, saying which right you want to exercise. It is free. We answer within one month (extendable by two more in complex cases, telling you so). If we cannot confirm it is you, we will ask for the minimum needed to do so.

## How we protect your data {#security}

We use encrypted connections (HTTPS), store passwords with argon2id, keep your session in a cookie that page scripts cannot read, end the session on the server too when you sign out, keep only a hash of single-use links and limit sign-in attempts. Only the people on our team who need it have access to the data.

## Minors {#minors}

{{brand}} is a service for finding work and hiring: it is not meant for anyone under 18, and we do not knowingly create accounts for them. If you believe a minor gave us their data, write to us and we will delete it.

## Cookies and measurement tools {#cookies}

We use our own cookies that the site needs to work and, only with your permission, analytics and monitoring tools. These are all of them and what each option turns on:

## Complaints {#complaints}

If you believe we have not handled your data properly, write to us first at {{email}} and we will try to solve it. You can also complain to the Spanish Data Protection Agency (Agencia Española de Protección de Datos, [www.aepd.es](https://www.aepd.es), C/ Jorge Juan 6, 28001 Madrid) or to the data protection authority of your country, for example the Agency for Access to Public Information in Argentina, the Superintendence of Industry and Commerce in Colombia, the National Authority for Personal Data Protection in Peru, the Regulatory and Control Unit for Personal Data in Uruguay, the Agency for the Protection of Inhabitants' Data in Costa Rica or the Superintendence of Personal Data Protection in Ecuador.

## Applicable law {#law}

We process your data under the European Union's General Data Protection Regulation (GDPR) and Spain's Organic Law 3/2018 on Personal Data Protection and the guarantee of digital rights, and we also respect the data protection laws of the countries where we offer the service where they give you more rights.

## Changes to this policy {#changes}

If we change this policy, we publish the new version with its date at the top of this page. If the change is significant, we tell you by email or when you next sign in, before it applies. You may also read our [terms for candidates](route:termsB2c) and [terms for companies](route:terms).
`,
};
