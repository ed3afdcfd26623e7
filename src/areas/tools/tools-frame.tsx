import 'server-only';
import { Link } from 'waku';
import { ButtonLink } from '../../components/ui/button';
import { PageHero } from '../../components/ui/page-hero';
import { ToolsNav } from '../../components/layout/tools-nav';
import { countries, labelOf, roles, skills } from '../../domain/catalog';
import { href, type Params } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import { MethodNote } from './salary-method';
import { AddSalary } from './add-salary';

// The frame the tools pages share (the hub and the salary pages), and their lists of links.

export const s = (v: Params[string] | undefined) => (typeof v === 'string' ? v : '');

export function labels({ params, locale }: PageProps) {
  return {
    country: labelOf(countries, s(params.country), locale),
    role: labelOf(roles, s(params.rol) || s(params.developer), locale),
    skill: labelOf(skills, s(params.skill), locale),
  };
}

/**
 * Shared frame of the salary pages: the H1, then the answer (decision 029: the median card, or why there is
 * none), the intro, the calculator and the call to add one's salary (decision 082); on a phone the tools navigation follows, closed. `method` shows the
 * method note here on pages without the sources block, which carries it otherwise (said once per page).
 */
export function ToolsFrame(p: PageProps & { children?: React.ReactNode; answer?: React.ReactNode; method?: boolean; nav?: boolean }) {
  const { id, locale, t } = p;
  const calculator = href('calculator', locale, undefined, {
    country: s(p.params.country),
    role: s(p.params.rol) || s(p.params.developer),
  });
  return (
    <>
      <PageHero heading={t(`routes.${id}.heading`, labels(p))}>
        {p.answer}
        <p className="intro">{t(`routes.${id}.intro`, labels(p))}</p>
        <div className="actions">
          <ButtonLink to={calculator}>{t('tools.calculator')}</ButtonLink>
        </div>
        <AddSalary t={t} to={calculator} />
      </PageHero>
      <div className="container page" style={{ paddingTop: 0 }}>
        {p.nav && <ToolsNav locale={locale} t={t} path={p.path} compact />}
        {p.method && <MethodNote t={t} locale={locale} className="notice salary-method" note />}
        {p.children}
      </div>
    </>
  );
}

export function Chips({ items }: { items: { to: string; label: string; hint?: string }[] }) {
  return (
    <ul className="chips">
      {items.map((i) => (
        <li key={i.to}>
          <Link to={i.to} className="chip">
            {i.label}
            {i.hint && <span className="sr-only"> ({i.hint})</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
