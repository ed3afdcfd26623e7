import 'server-only';
import { Link } from 'waku';
import { INTERVIEW_DURATIONS, MAX_SLOTS } from '../../domain/interviews';
import { COMMON_TIME_ZONES, zonedParts } from '../../domain/scheduling';
import { parseId } from '../../domain/ids';
import { PageError } from '../../domain/page-error';
import { formatMeetingTime } from '../../i18n/format';
import { href } from '../../routes';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import { ServiceError } from '../../server/errors';
import type { Page } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';

// /hire/site/entrevista/{application id} (decision 046): the company proposes 1 to 5 times for one
// applicant, or moves (proposes again) or cancels the open interview. Times are typed in the company's time
// zone (a select; Lima by default). Plain posts to this page, PRG back to it with ?hecho=.
const DEFAULT_ZONE = 'America/Lima';

export const hireInterviewPage =
  ({ interviews }: Pick<AreaDeps, 'interviews'>): Page =>
  async (p) => {
    const { t, locale } = p;
    const id = parseId(p.params.id);
    let data;
    try {
      if (id === null) throw new ServiceError('not-found');
      data = await (await interviews()).forApplication(p.viewer, id);
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found')
        throw new PageError(404, `Application not found: ${String(p.params.id)}`);
      throw err;
    }
    const { application, interview } = data;
    const action = href('hireInterview', locale, { id: String(application.id) });
    const form = p.form;
    const v = (name: string, fallback = '') => form?.values?.[name] ?? fallback;
    const err = (name: string) => form?.errors?.[name] ?? null;
    const zone = v('timeZone', interview?.timeZone ?? DEFAULT_ZONE);
    const zones: string[] = (COMMON_TIME_ZONES as readonly string[]).includes(zone) ? [...COMMON_TIME_ZONES] : [zone, ...COMMON_TIME_ZONES];
    const done = new URLSearchParams(p.query).get('hecho');
    const local = (d: Date) => {
      const z = zonedParts(d, interview?.timeZone ?? DEFAULT_ZONE);
      return `${z.date}T${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`;
    };
    const previous = interview?.status === 'proposed' ? interview.slots.map(local) : [];
    return (
      <div className="container page narrow interviews">
        <p>
          <Link to={href('hireApplicants', locale, { id: String(application.offerId) })}>{t('interviews.form.back')}</Link>
        </p>
        <h1>{t('interviews.form.title', { candidate: application.candidate })}</h1>
        <p className="muted">{t('interviews.form.intro', { offer: application.offer })}</p>
        {done && (done === 'proposed' || done === 'cancelled') && (
          <div className="alert alert-success" role="status" data-testid="interview-notice">
            {t(`interviews.done.${done}`)}
          </div>
        )}
        {interview?.status === 'scheduled' && interview.startsAt && (
          <p className="notice" data-testid="interview-current">
            {t('interviews.form.current', {
              when: `${formatMeetingTime(interview.startsAt, locale, interview.timeZone)} (${interview.timeZone})`,
            })}
          </p>
        )}
        <Summary state={form ?? null} />
        <form method="post" action={action} className="form-stack" noValidate>
          <input type="hidden" name="intent" value="propose" />
          <fieldset>
            <legend>{t('interviews.proposed')}</legend>
            {Array.from({ length: MAX_SLOTS }, (_, n) => {
              const fid = `slot-${n + 1}`;
              return (
                <Row key={fid} id={fid} name="slots" label={t('interviews.form.slot', { n: n + 1 })} error={n === 0 ? err('slots') : null}>
                  <input
                    id={fid}
                    name="slot"
                    type="datetime-local"
                    defaultValue={form?.values ? v(fid) : (previous[n] ?? '')}
                    aria-invalid={(n === 0 && !!err('slots')) || undefined}
                    aria-describedby={n === 0 ? describedBy(fid, false, !!err('slots')) : undefined}
                  />
                </Row>
              );
            })}
          </fieldset>
          <Row id="duration" name="duration" label={t('interviews.form.duration')} error={err('duration')}>
            <select id="duration" name="duration" defaultValue={v('duration', String(interview?.durationMinutes ?? 45))}>
              {INTERVIEW_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {t('interviews.minutes', { n: d })}
                </option>
              ))}
            </select>
          </Row>
          <Row id="timeZone" name="timeZone" label={t('interviews.form.timeZone')} error={err('timeZone')}>
            <select id="timeZone" name="timeZone" defaultValue={zone}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </Row>
          <Row id="videoUrl" name="videoUrl" label={t('interviews.form.videoUrl')} error={err('videoUrl')}>
            <input
              id="videoUrl"
              name="videoUrl"
              type="url"
              inputMode="url"
              defaultValue={v('videoUrl', interview?.videoUrl ?? '')}
              aria-invalid={!!err('videoUrl') || undefined}
              aria-describedby={describedBy('videoUrl', false, !!err('videoUrl'))}
            />
          </Row>
          <button type="submit" className="btn btn-primary btn-md" data-testid="interview-propose">
            {interview ? t('interviews.form.moveSubmit') : t('interviews.form.submit')}
          </button>
        </form>
        {interview && (
          <form method="post" action={action} className="section-sm">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="interview" value={interview.id} />
            <button type="submit" className="btn btn-outline-secondary btn-md" data-testid="interview-cancel">
              {t('interviews.cancel')}
            </button>
          </form>
        )}
      </div>
    );
  };
