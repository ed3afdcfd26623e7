import { ButtonLink } from '../../components/ui/button';
import type { T } from '../../i18n/translate';

// The call to add one's salary (decision 082), on every salary page. A salary report needs the role, country
// and seniority the calculator asks for, so the call leads into that flow: the calculator (with what the page
// already knows filled in), whose registration step or result page takes the salary. On the calculator it
// points to its form and says the salary comes after the estimate; on a result page with the salary form,
// to that form.
export function AddSalary({ t, to, at = 'page' }: { t: T; to: string; at?: 'page' | 'calculator' | 'form' }) {
  const label = at === 'form' ? t('salary.add.form') : t('salary.add.cta');
  return (
    <div className="add-salary" data-testid="add-salary">
      <p className="add-salary-title">{t('salary.add.title')}</p>
      <p className="add-salary-text">{t(at === 'calculator' ? 'salary.add.calculator' : 'salary.add.text')}</p>
      {at === 'page' ? (
        <ButtonLink to={to} variant="outline-primary">
          {label}
        </ButtonLink>
      ) : (
        // A link within the page (a fragment): a plain anchor, no client navigation.
        <a href={to} className="btn btn-outline-primary btn-md">
          {label}
        </a>
      )}
    </div>
  );
}
