import { Link } from 'waku';
import { countries, roles, skills } from '../../domain/catalog';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';

type Item = { to: string; label: string };

function NavGroup({ title, items, current }: { title: string; items: Item[]; current: (to: string) => 'page' | undefined }) {
  return (
    <>
      <h2>{title}</h2>
      <ul>
        {items.map((i) => (
          <li key={i.to}>
            <Link to={i.to} aria-current={current(i.to)}>
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The salary tools' navigation (hub, calculator, countries, roles, skills). Wide screens get it as the
 * layout's sidebar; on a phone that sidebar was ~600 px of links above the H1 (decision 029), so there it is
 * hidden and the page places the same links as a closed disclosure after its answer (plain <details>: no
 * client code). CSS shows one of the two, never both.
 */
export function ToolsNav({ locale, t, path, compact = false }: { locale: Locale; t: T; path: string; compact?: boolean }) {
  const current = (to: string) => (to === path ? 'page' : undefined);
  const nav = (
    <nav className="tools-nav" aria-label={t('a11y.toolsNav')}>
      <ul>
        <li>
          <Link to={href('tools', locale)} aria-current={current(href('tools', locale))}>
            {t('tools.navTitle')}
          </Link>
        </li>
        <li>
          <Link to={href('calculator', locale)} aria-current={current(href('calculator', locale))}>
            {t('tools.calculator')}
          </Link>
        </li>
      </ul>
      <NavGroup
        title={t('tools.countries')}
        current={current}
        items={countries.map((c) => ({ to: href('toolsCountry', locale, { country: c.id }), label: c.label[locale] }))}
      />
      <NavGroup
        title={t('tools.roles')}
        current={current}
        items={roles
          .filter((r) => r.area === 'tech')
          .slice(0, 6)
          .map((r) => ({ to: href('toolsDeveloper', locale, { developer: r.id }), label: r.label[locale] }))}
      />
      <NavGroup
        title={t('tools.skills')}
        current={current}
        items={skills.slice(0, 6).map((k) => ({ to: href('toolsSkill', locale, { skill: k.id }), label: k.label[locale] }))}
      />
    </nav>
  );
  if (!compact) return <div className="tools-sidebar">{nav}</div>;
  return (
    <details className="tools-nav-compact" data-testid="tools-nav-compact">
      <summary>{t('tools.explore')}</summary>
      {nav}
    </details>
  );
}
