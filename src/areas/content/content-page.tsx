import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { LinkCards } from '../../components/ui/link-cards';
import { PageHero } from '../../components/ui/page-hero';
import { href, type RouteId } from '../../routes';
import type { Page, PageProps } from '../../server/render/page-types';
import type { MessageKey } from '../../i18n/translate';

// A page whose purpose is told by its heading and intro, with a primary action and related pages.
// Later issues replace these with data-driven pages one by one.
export function contentPage(opts: {
  primary?: { id: RouteId; key: MessageKey };
  related?: RouteId[];
  body?: (p: PageProps) => ReactNode;
}): Page {
  return function ContentPage(p: PageProps) {
    const { id, locale, t } = p;
    return (
      <>
        <PageHero heading={t(`routes.${id}.heading`)} intro={t(`routes.${id}.intro`, { brand: p.brand })}>
          {opts.primary && (
            <div className="actions">
              <ButtonLink to={href(opts.primary.id, locale)} size="lg">
                {t(opts.primary.key)}
              </ButtonLink>
            </div>
          )}
        </PageHero>
        <div className="container page" style={{ paddingTop: 0 }}>
          {opts.body?.(p)}
          <LinkCards
            heading={t('common.related')}
            cards={(opts.related ?? []).map((r) => ({
              to: href(r, locale),
              title: t(`routes.${r}.title`),
              text: t(`routes.${r}.description`),
            }))}
          />
        </div>
      </>
    );
  };
}
