import { Link } from 'waku';
import { CompanyLogo } from '../../components/ui/company-logo';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { CompanyView } from '../../server/accounts/company-view';
import { companyPlace, PerkList, StackList } from './company-profile-parts';

// The offer page's box about the offering company (decision 086): its mark or logo, name, size and place, the
// start of its description (clamped by CSS), its perks and stack, and a link to its page. No script.
export function CompanyBox({ c, locale, t }: { c: CompanyView; locale: Locale; t: T }) {
  const place = companyPlace(c, locale);
  const facts = [c.size ? t('company.page.sizeValue', { size: c.size }) : null, place || null].filter(Boolean);
  return (
    <section className="card company-box" aria-labelledby="company-box-title" data-testid="company-box">
      <div className="company-box-head">
        <CompanyLogo name={c.name} logo={c.logo} size={48} />
        <div>
          <h2 id="company-box-title" className="h3">
            {t('company.box.heading', { name: c.name })}
          </h2>
          {facts.length > 0 && <p className="muted">{facts.join(' · ')}</p>}
        </div>
      </div>
      {c.description && <p className="company-box-about">{c.description}</p>}
      {c.perks.length > 0 && (
        <>
          <h3 className="company-box-sub">{t('company.page.perks')}</h3>
          <PerkList perks={c.perks} />
        </>
      )}
      {c.stack.length > 0 && (
        <>
          <h3 className="company-box-sub">{t('company.page.stack')}</h3>
          <StackList stack={c.stack} locale={locale} />
        </>
      )}
      <p className="company-box-more">
        <Link to={href('company', locale, { slug: c.slug })}>{t('company.box.more')}</Link>
      </p>
    </section>
  );
}
