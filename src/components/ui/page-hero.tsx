import type { ReactNode } from 'react';

export function PageHero({
  eyebrow,
  heading,
  intro,
  children,
}: {
  eyebrow?: string;
  heading: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero">
      <div className="container">
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h1>{heading}</h1>
        {intro && <p className="intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
