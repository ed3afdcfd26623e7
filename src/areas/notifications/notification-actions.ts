import 'server-only';
import { z } from 'zod';
import { EMAIL_MODES, kindsFor, type EmailMode, type NotificationKind } from '../../domain/notifications';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import type { FormHandler } from '../../server/http/forms';
import { invalid } from '../../server/http/form-outcome';
import type { RouteGet } from '../../server/http/app';
import type { NotificationService } from '../../server/notifications/notification-service';

// The notifications' forms: mark everything read, save the email preferences, confirm an unsubscribe link;
// and the one-click unsubscribe a mail provider POSTs (RFC 8058), answered with a plain 200.
type Deps = { notifications: () => Promise<NotificationService> };

const modeField = z.enum(EMAIL_MODES);
const localeField = z.enum(locales);

export function createNotificationActions({ notifications }: Deps) {
  const list: FormHandler = {
    async handle(input) {
      if (!input.viewer) return { ok: false, status: 401, message: input.t('api.unauthorized'), errors: {}, values: {} };
      if (input.fields.intent === 'read-all') await (await notifications()).markAllRead(input.viewer.id);
      return { ok: true, redirect: href('notifications', input.locale) };
    },
  };

  const preferences: FormHandler = {
    async handle(input) {
      const viewer = input.viewer;
      if (!viewer) return { ok: false, status: 401, message: input.t('api.unauthorized'), errors: {}, values: {} };
      const kinds = kindsFor(viewer.type);
      const values = Object.fromEntries([...kinds.map((k) => `mode-${k}`), 'locale'].map((n) => [n, input.fields[n] ?? '']));
      const errors: Record<string, string> = {};
      const modes: Partial<Record<NotificationKind, EmailMode>> = {};
      for (const kind of kinds) {
        const parsed = modeField.safeParse(values[`mode-${kind}`]);
        if (parsed.success) modes[kind] = parsed.data;
        else errors[`mode-${kind}`] = input.t('forms.error.invalid');
      }
      const locale = localeField.safeParse(values.locale);
      if (!locale.success) errors.locale = input.t('forms.error.invalid');
      if (Object.keys(errors).length || !locale.success) return invalid(input, errors, values);
      await (await notifications()).savePreferences({ id: viewer.id, type: viewer.type }, { locale: locale.data, modes });
      return { ok: true, redirect: `${href('notificationPreferences', input.locale)}?guardado=1` };
    },
  };

  const unsubscribe: FormHandler = {
    async handle(input) {
      const token = String(input.params.token ?? '');
      if (!(await (await notifications()).unsubscribe(token)))
        return { ok: false, status: 404, message: input.t('notifications.unsubscribe.invalid'), errors: {}, values: {} };
      return { ok: true, redirect: `${href('emailUnsubscribe', input.locale, { token })}?hecho=1` };
    },
  };

  /** A mail provider's one-click POST (body List-Unsubscribe=One-Click): done at once, a plain answer. */
  const oneClick: RouteGet = async ({ match, request }) => {
    const type = request.headers.get('content-type') ?? '';
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return null;
    }
    if (form.get('List-Unsubscribe') !== 'One-Click') return null;
    const ok = await (await notifications()).unsubscribe(String(match.params.token ?? ''));
    return new Response(ok ? 'Unsubscribed\n' : 'Unknown link\n', {
      status: ok ? 200 : 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  };

  return { list, preferences, unsubscribe, oneClick };
}
