import { Link } from 'waku';
import IconArrowRight from '~icons/lucide/arrow-right';

export type LinkCard = { to: string; title: string; text?: string };

export function LinkCards({ heading, cards }: { heading?: string; cards: LinkCard[] }) {
  if (cards.length === 0) return null;
  // Under a section heading the cards are h3; on their own they start the outline at h2.
  const Heading = heading ? 'h3' : 'h2';
  return (
    <section className="section" aria-label={heading}>
      {heading && <h2>{heading}</h2>}
      <ul className="grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {cards.map((c) => (
          <li key={c.to}>
            <Link to={c.to} className="card card-link">
              <Heading>
                {c.title} <IconArrowRight aria-hidden />
              </Heading>
              {c.text && <p className="muted">{c.text}</p>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
