import 'server-only';
import { Link } from 'waku';
import { FormBlock, formProps } from '../../views/account-forms/account-form-kit';
import { PageError } from '../../domain/page-error';
import { href } from '../../routes';
import type { Page, PageProps } from '../../server/render/page-types';

// Deleting one's own account (decision 073), reached from the account page: what happens, then the current
// password and a confirmation to tick. What the post does is in deletion-actions.ts.
export const accountDeletePage: Page = (p: PageProps) => {
  const { t, locale } = p;
  if (!p.viewer || !p.session.user) throw new PageError(404, 'Not Found');
  const form = formProps(
    p,
    'delete-form',
    'deleteAccount',
    [
      { name: 'currentPassword', label: t('account.currentPassword'), type: 'password', autoComplete: 'current-password' },
      {
        name: 'confirmDelete',
        label: t('accountDeletion.confirm'),
        type: 'radio',
        options: [{ value: 'yes', label: t('accountDeletion.confirmOption') }],
      },
    ],
    t('accountDeletion.button'),
    t('accountDeletion.pending'),
  );
  return (
    <div className="container page narrow account-page">
      <h1>{t('accountDeletion.title')}</h1>
      <p>{t('accountDeletion.text')}</p>
      {p.viewer.type === 'hire' && <p className="muted">{t('accountDeletion.companyText')}</p>}
      <FormBlock {...form} action={href('accountDelete', locale)} state={p.form ?? null} />
      <p className="form-links section-sm">
        <Link to={href('account', locale)}>{t('account.toAccount')}</Link>
      </p>
    </div>
  );
};
