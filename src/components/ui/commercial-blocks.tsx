import type { ReactNode } from 'react';
import { Link } from 'waku';
import IconArrowRight from '~icons/lucide/arrow-right';
import IconChevronDown from '~icons/lucide/chevron-down';
import { ButtonLink, type ButtonVariant } from './button';

// The building blocks of the commercial pages (/hire, /match, /hire/pricing, /hire/staffing, /hire/landing):
// plain props in, server-rendered markup out, no client code. Everything works without JavaScript (the FAQ
// is <details>/<summary>). Styles: src/styles/commercial.css.

/** A page section with its h2 (the section is labelled by it). */
export function Section({
  id,
  heading,
  intro,
  children,
  className,
}: {
  id: string;
  heading: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} className={`section commercial-section${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {intro && <p className="muted section-intro">{intro}</p>}
      {children}
    </section>
  );
}

export type Feature = { icon?: ReactNode; title: string; text: ReactNode; to?: string };

/** Cards of what a service gives; with `to`, the card's title is a link. */
export function FeatureGrid({ items }: { items: Feature[] }) {
  return (
    <ul className="feature-grid">
      {items.map((f) => (
        <li key={f.title} className="card feature">
          {f.icon && (
            <span className="feature-icon" aria-hidden="true">
              {f.icon}
            </span>
          )}
          <h3>
            {f.to ? (
              <Link to={f.to} className="feature-link">
                {f.title} <IconArrowRight aria-hidden className="icon" />
              </Link>
            ) : (
              f.title
            )}
          </h3>
          <p className="muted">{f.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps of a process (the list numbers them; CSS draws the numbers). */
export function Steps({ items }: { items: { title: string; text: ReactNode }[] }) {
  return (
    <ol className="steps">
      {items.map((s) => (
        <li key={s.title} className="step">
          <h3>{s.title}</h3>
          <p className="muted">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}

export type FigureItem = { id: string; value: string; label: string; badge?: string };

/** Live figures: the number first, then what it counts, then a label such as "demo data" when it applies. */
export function Figures({ items }: { items: FigureItem[] }) {
  return (
    <ul className="figures">
      {items.map((f) => (
        <li key={f.id} className="figure" data-figure={f.id}>
          <strong className="figure-value" data-testid="figure-value">
            {f.value}
          </strong>
          <span className="figure-label">{f.label}</span>
          {f.badge && <span className="badge figure-badge">{f.badge}</span>}
        </li>
      ))}
    </ul>
  );
}

export type FaqItem = { q: string; a: ReactNode };

/** Questions and answers; each opens on its own, without JavaScript. */
export function Faq({ id = 'faq', heading, items }: { id?: string; heading: string; items: FaqItem[] }) {
  return (
    <Section id={id} heading={heading} className="faq">
      <div className="faq-list">
        {items.map((item) => (
          <details key={item.q} className="faq-item">
            <summary>
              <span>{item.q}</span>
              <IconChevronDown aria-hidden className="icon faq-chevron" />
            </summary>
            <div className="faq-answer">{item.a}</div>
          </details>
        ))}
      </div>
    </Section>
  );
}

export type Action = { to: string; label: string; variant?: ButtonVariant };

/** A row of calls to action; the first is the primary one. */
export function Actions({ items }: { items: Action[] }) {
  return (
    <div className="actions">
      {items.map((a, i) => (
        <ButtonLink key={a.to + a.label} to={a.to} size="lg" variant={a.variant ?? (i === 0 ? 'primary' : 'outline-primary')}>
          {a.label}
        </ButtonLink>
      ))}
    </div>
  );
}

/** The closing call to action of a page. */
export function CtaBand({ id = 'cta', heading, text, actions }: { id?: string; heading: string; text?: string; actions: Action[] }) {
  return (
    <section id={id} className="cta-band" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {text && <p>{text}</p>}
      <Actions items={actions} />
    </section>
  );
}
