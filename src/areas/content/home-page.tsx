import { ButtonLink } from '../../components/ui/button';
import { LinkCards } from '../../components/ui/link-cards';
import { areas } from '../../domain/catalog';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';

export function HomePage({ locale, t }: PageProps) {
  return (
    <>
      <section className="hero-home">
        <div className="container">
          <span className="eyebrow">{t('home.eyebrow')}</span>
          <h1>{t('home.heroTitle')}</h1>
          <p>{t('home.heroText')}</p>
          <div className="actions">
            <ButtonLink to={href('hireCreateOffer', locale)} size="lg">
              {t('home.ctaHire')}
            </ButtonLink>
            <ButtonLink to={href('jobs', locale)} size="lg" variant="outline-primary">
              {t('home.ctaMatch')}
            </ButtonLink>
            <ButtonLink to={href('calculator', locale)} size="lg" variant="ghost">
              {t('home.ctaTools')}
            </ButtonLink>
          </div>
        </div>
      </section>
      <div className="container page">
        <LinkCards
          cards={[
            { to: href('hire', locale), title: t('home.forCompanies'), text: t('home.forCompaniesText') },
            { to: href('match', locale), title: t('home.forCandidates'), text: t('home.forCandidatesText') },
            { to: href('tools', locale), title: t('home.forEveryone'), text: t('home.forEveryoneText') },
          ]}
        />
        <section className="section">
          <h2>{t('home.areasTitle')}</h2>
          <p className="muted">{t('home.areasText')}</p>
          <ul className="chips">
            {areas.map((a) => (
              <li key={a.id}>
                <a className="chip" href={href('jobs', locale, { filters: [a.id] })}>
                  {a.label[locale]}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
