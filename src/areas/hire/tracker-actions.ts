import 'server-only';
import { parseId } from '../../domain/ids';
import { BULK_MAX, NOTE_MAX_CHARS, REJECTION_MESSAGE_MAX_CHARS } from '../../domain/pipeline';
import { href } from '../../routes';
import { ServiceError } from '../../server/errors';
import type { FormHandler, FormInput } from '../../server/http/forms';
import { attempt, refusal, type RefusalOptions } from '../../server/http/form-outcome';
import type { HiringService } from '../../server/offers/hiring-service';

// The applicant tracker's forms (decision 048), plain posts with an intent and PRG back to the page with
// ?hecho=. The applicants page: a card's move (intent=move) and the bulk move, in two steps without
// JavaScript (intent=bulk renders the confirmation; the confirmation posts intent=bulk with confirm=1 and
// the status each application had, so one that changed meanwhile is reported instead of moved). The
// application page: move, note, rating and reject.
type Deps = { hiring: () => Promise<HiringService> };

const SUMMARIES: RefusalOptions['summaries'] = {
  forbidden: 'hire.error.companiesOnly',
  conflict: { field: 'status', else: 'hire.error.moved' },
};
const unreadable = (input: FormInput) => ({
  ok: false as const,
  status: 400,
  message: input.t('forms.unreadable'),
  errors: {},
  values: {},
});
const cut = (v: string | undefined, max: number) => (v ?? '').slice(0, max);

/** "12:sent" pairs of a bulk confirmation (an application and the status it was shown with). */
function parseItems(list: string[] | undefined): { id: number; from: string }[] | null {
  const out: { id: number; from: string }[] = [];
  for (const raw of (list ?? []).slice(0, BULK_MAX + 1)) {
    const [id, from] = raw.split(':', 2);
    const n = parseId(id);
    if (n === null || !from || from.length > 24) return null;
    out.push({ id: n, from });
  }
  return out.length > BULK_MAX ? null : out;
}

export function createTrackerActions({ hiring }: Deps): { hireApplicants: FormHandler; hireApplication: FormHandler } {
  const applicants: FormHandler = {
    async handle(input) {
      const intent = input.fields.intent;
      if (intent !== 'move' && intent !== 'bulk') return unreadable(input);
      const offerId = parseId(input.params.id);
      if (offerId === null) return refusal(input, new ServiceError('not-found'));
      const page = href('hireApplicants', input.locale, { id: String(offerId) });
      // Back to the page of applicants the form was on (decision 054: its opaque cursor, checked by the page).
      const cursor = input.query.get('cursor');
      const on: Record<string, string> = cursor && /^[A-Za-z0-9_-]{1,400}$/.test(cursor) ? { cursor } : {};
      const svc = await hiring();
      const status = cut(input.fields.status, 40);
      return attempt(input, { summaries: SUMMARIES, values: { intent, status } }, async () => {
        if (intent === 'move') {
          const id = parseId(input.fields.application);
          if (id === null) throw new ServiceError('not-found');
          const from = input.fields.from === undefined ? undefined : cut(input.fields.from, 40);
          await svc.moveApplication(input.viewer, id, status, from);
          return { ok: true, redirect: `${page}?${new URLSearchParams({ ...on, hecho: 'moved' })}#applicant-${id}` };
        }
        if (input.fields.confirm !== '1') {
          // The first step: what would move, shown for confirmation (the page renders it from these values).
          const ids = (input.lists.application ?? []).slice(0, BULK_MAX + 1).map(parseId);
          if (ids.length > BULK_MAX || ids.some((i) => i === null)) throw new ServiceError('not-found');
          const preview = await svc.bulkPreview(input.viewer, offerId, ids as number[], status);
          return {
            ok: false,
            status: 200,
            message: '',
            errors: {},
            values: { intent: 'bulk-confirm', status: preview.to, items: preview.items.map((i) => `${i.id}:${i.status}`).join(',') },
          };
        }
        const items = parseItems(input.lists.item);
        if (!items) throw new ServiceError('not-found');
        const r = await svc.bulkMove(input.viewer, offerId, items, status);
        const q = new URLSearchParams({ ...on, hecho: 'bulk', movidos: String(r.moved.length) });
        if (r.changed.length) q.set('cambiados', r.changed.map((c) => c.id).join(','));
        return { ok: true, redirect: `${page}?${q}` };
      });
    },
  };

  const application: FormHandler = {
    maxBytes: 64 * 1024,
    async handle(input) {
      const intent = input.fields.intent;
      if (intent !== 'move' && intent !== 'note' && intent !== 'rating' && intent !== 'reject') return unreadable(input);
      const id = parseId(input.params.id);
      if (id === null) return refusal(input, new ServiceError('not-found'));
      const svc = await hiring();
      const back = (done: string) => `${href('hireApplication', input.locale, { id: String(id) })}?hecho=${done}`;
      // What was typed comes back with an error (a note or a rejection's message is never lost).
      const values: Record<string, string> = {
        intent,
        ...(intent === 'note' ? { note: cut(input.fields.note, NOTE_MAX_CHARS * 2) } : {}),
        ...(intent === 'reject'
          ? { reason: cut(input.fields.reason, 40), message: cut(input.fields.message, REJECTION_MESSAGE_MAX_CHARS * 2) }
          : {}),
      };
      return attempt(input, { summaries: SUMMARIES, values }, async () => {
        const from = input.fields.from === undefined ? undefined : cut(input.fields.from, 40);
        switch (intent) {
          case 'move':
            await svc.moveApplication(input.viewer, id, cut(input.fields.status, 40), from);
            return { ok: true, redirect: back('moved') };
          case 'note':
            await svc.addNote(input.viewer, id, input.fields.note ?? '');
            return { ok: true, redirect: `${back('note')}#notes` };
          case 'rating':
            await svc.rate(input.viewer, id, input.fields.rating ?? '');
            return { ok: true, redirect: `${back('rating')}#rating` };
          case 'reject':
            await svc.reject(input.viewer, id, { reason: input.fields.reason ?? '', message: input.fields.message ?? '', from });
            return { ok: true, redirect: back('rejected') };
        }
      });
    },
  };

  return { hireApplicants: applicants, hireApplication: application };
}
