import 'server-only';
import { parseId } from '../../domain/ids';
import { isLocale } from '../../i18n/locales';
import { href } from '../../routes';
import { ServiceError } from '../../server/errors';
import type { FormHandler } from '../../server/http/forms';
import { attempt, refusal } from '../../server/http/form-outcome';
import type { TeamService } from '../../server/accounts/team-service';

// The team page's forms (decision 047): intent=invite | revoke | role | remove | leave | delete. Plain posts;
// PRG back to the page with ?hecho=. A refusal re-renders the page with the reason (a recruiter: 403 and
// "only owners"; another company's ids: 404), what was typed kept.
type Deps = { team: () => Promise<TeamService> };

const INTENTS = ['invite', 'revoke', 'role', 'remove', 'leave', 'delete'] as const;
type Intent = (typeof INTENTS)[number];

const SUMMARIES = {
  forbidden: { field: 'team' },
  conflict: { field: 'team', else: 'forms.summary' },
  'rate-limited': 'api.tooManyRequests',
} as const;

export function createTeamActions({ team }: Deps): FormHandler {
  return {
    async handle(input) {
      const intent = input.fields.intent as Intent;
      if (!(INTENTS as readonly string[]).includes(intent))
        return { ok: false, status: 400, message: input.t('forms.unreadable'), errors: {}, values: {} };
      const f = input.fields;
      const values: Record<string, string> = { intent };
      if (intent === 'invite') {
        values.email = (f.email ?? '').slice(0, 300);
        values.role = (f.role ?? '').slice(0, 20);
        values.language = (f.language ?? '').slice(0, 5);
      }
      if (intent === 'delete') values.confirm = (f.confirm ?? '').slice(0, 200);
      const back = (done: string) => `${href('hireTeam', input.locale)}?hecho=${done}`;
      const svc = await team();
      const { viewer } = input;
      if (viewer?.type !== 'hire') return refusal(input, new ServiceError('not-found'), { values });
      return attempt(input, { values, summaries: SUMMARIES }, async () => {
        switch (intent) {
          case 'invite': {
            const locale = isLocale(values.language) ? values.language : input.locale;
            await svc.invite(viewer, { email: values.email!, role: values.role!, locale });
            return { ok: true, redirect: back('invited') };
          }
          case 'revoke': {
            const id = parseId(f.invitation);
            if (id === null) throw new ServiceError('not-found');
            await svc.revoke(viewer, id);
            return { ok: true, redirect: back('revoked') };
          }
          case 'role':
          case 'remove': {
            const id = parseId(f.member);
            if (id === null) throw new ServiceError('not-found');
            if (id === viewer.id && intent === 'remove') await svc.leave(viewer);
            else if (intent === 'remove') await svc.remove(viewer, id);
            else await svc.changeRole(viewer, id, (f.role ?? '').slice(0, 20));
            return { ok: true, redirect: back(intent === 'role' ? 'role' : id === viewer.id ? 'left' : 'removed') };
          }
          case 'leave':
            await svc.leave(viewer);
            return { ok: true, redirect: back('left') };
          case 'delete':
            await svc.deleteCompany(viewer, values.confirm!);
            return { ok: true, redirect: back('deleted') };
        }
      });
    },
  };
}
