import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { createApplicantsCsv, neutralise } from './applicants-csv';
import { setApplicationStatusIf } from './data/company-offers';
import { createSavedOffersService, SAVED_PER_PAGE } from './saved-offers-service';
import { createScreeningService, type ScreeningEvent } from './screening-service';

/** The CSV as a spreadsheet reads it, without its BOM. */
const readCsv = (body: string): string[][] => parse(body);

describe('formula cells', () => {
  it('get a leading apostrophe, other cells stay as they are', () => {
    for (const c of ['=cmd|x', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralise(c)).toBe(`'${c}`);
    for (const c of ['Ana', '', '3', 'a=b']) expect(neutralise(c)).toBe(c);
  });
});

describe.each(testDatabases)('applying extras on %s', (_name, open) => {
  let t: TestDb;
  const events: ScreeningEvent[] = [];
  let svc: ReturnType<typeof createScreeningService>;
  let saved: ReturnType<typeof createSavedOffersService>;
  let csv: ReturnType<typeof createApplicantsCsv>;
  let acme: { companyId: number; userId: number };
  let other: { companyId: number; userId: number };
  let ana: number;
  let luis: number;
  let offer: { id: number; slug: string };
  const hire = () => ({ id: acme.userId, type: 'hire' as const });
  const stranger = () => ({ id: other.userId, type: 'hire' as const });
  const as = (id: number) => ({ id, type: 'match' as const });

  beforeAll(async () => {
    t = await open();
    svc = createScreeningService(t, { notify: async (e) => void events.push(e) });
    saved = createSavedOffersService(t);
    csv = createApplicantsCsv(t);
    acme = await addCompany(t.db, 'Acme');
    other = await addCompany(t.db, 'Otra');
    ana = await addUser(t.db, 'match', 'Ana');
    luis = await addUser(t.db, 'match', 'Luis');
    offer = await addOffer(t.db, acme.companyId, { title: 'Diseñadora UX' });
  });
  afterAll(async () => t?.cleanup());

  it('saves the company’s questions in order; another company gets not-found', async () => {
    await svc.saveQuestions(hire(), offer.id, [
      { kind: 'yes-no', label: '¿Vives en Lima?', required: true },
      { kind: 'number', label: 'Años de experiencia', required: true },
      { kind: 'text', label: 'Portafolio', required: false },
    ]);
    expect(await svc.questionsFor(hire(), offer.id)).toEqual([
      { kind: 'yes-no', label: '¿Vives en Lima?', required: true },
      { kind: 'number', label: 'Años de experiencia', required: true },
      { kind: 'text', label: 'Portafolio', required: false },
    ]);
    expect((await svc.questions(offer.id)).map((q) => q.position)).toEqual([1, 2, 3]);
    await expect(svc.saveQuestions(stranger(), offer.id, [])).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.questionsFor(stranger(), offer.id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.saveQuestions(as(ana), offer.id, [])).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('refuses an application without its required answers or with a wrong number, field by field', async () => {
    await expect(svc.apply(offer.slug, as(ana), { cover_note: 'Hola' })).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { answer_1: { key: 'applying.error.answerRequired' }, answer_2: { key: 'applying.error.answerRequired' } },
    });
    await expect(svc.apply(offer.slug, as(ana), { answer_1: 'yes', answer_2: 'muchos' })).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { answer_2: { key: 'applying.error.number' } },
    });
    await expect(svc.apply(offer.slug, as(ana), { answer_1: 'yes', answer_2: '3', cover_note: 'x'.repeat(2001) })).rejects.toMatchObject({
      code: 'invalid-input',
      fields: { cover_note: { key: 'applying.error.tooLong' } },
    });
  });

  it('applies with a cover note and answers, once; the company reads them, a stranger reads nothing', async () => {
    const a = await svc.apply(offer.slug, as(ana), {
      cover_note: 'Me encanta el diseño de interacción; José y Ñuño me recomendaron.',
      answer_1: 'yes',
      answer_2: '4,5',
      answer_3: '=cmd|" /C calc"!A0',
    });
    expect(a.status).toBe('sent');
    expect(events).toContainEqual({ kind: 'application-new', applicationId: a.id });
    await expect(svc.apply(offer.slug, as(ana), { answer_1: 'yes', answer_2: '1' })).rejects.toMatchObject({
      code: 'conflict',
      fields: { offer: { key: 'offer.alreadyApplied' } },
    });
    const sent = (await svc.answersFor(hire(), [a.id])).get(a.id);
    expect(sent).toEqual({
      coverNote: 'Me encanta el diseño de interacción; José y Ñuño me recomendaron.',
      answers: [
        { question: '¿Vives en Lima?', kind: 'yes-no', answer: 'yes' },
        { question: 'Años de experiencia', kind: 'number', answer: '4.5' },
        { question: 'Portafolio', kind: 'text', answer: '=cmd|" /C calc"!A0' },
      ],
    });
    expect((await svc.answersFor(stranger(), [a.id])).size).toBe(0);
    await expect(svc.answersFor(as(ana), [a.id])).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('writes the applicants CSV: BOM, accents, the company’s words, formulas neutralised; strangers get not-found', async () => {
    const { body, filename } = await csv.applicantsCsv(hire(), offer.id, 'es');
    expect(filename).toBe(`${offer.slug}-applicants.csv`);
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body).toContain('\r\n');
    const rows = readCsv(body.slice(1));
    expect(rows[0]).toEqual([
      'Nombre',
      'Email',
      'Estado',
      'Fecha de postulación',
      'Nota',
      '¿Vives en Lima?',
      'Años de experiencia',
      'Portafolio',
    ]);
    expect(rows[1]!.slice(0, 1)).toEqual(['Ana User']);
    expect(rows[1]![2]).toBe('Enviada');
    expect(rows[1]![3]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(rows[1]!.slice(4)).toEqual([
      'Me encanta el diseño de interacción; José y Ñuño me recomendaron.',
      'Sí',
      '4.5',
      `'=cmd|" /C calc"!A0`,
    ]);
    expect(readCsv((await csv.applicantsCsv(hire(), offer.id, 'en')).body.slice(1))[1]![5]).toBe('Yes');
    await expect(csv.applicantsCsv(stranger(), offer.id, 'es')).rejects.toMatchObject({ code: 'not-found' });
    await expect(csv.applicantsCsv(as(ana), offer.id, 'es')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('lets the candidate withdraw: the company hears it, cannot move it, and the candidate cannot apply again', async () => {
    const mine = (await svc.applyForm(offer.slug, as(ana))).application!;
    await expect(svc.withdraw(as(luis), mine.id)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.ownApplication(as(luis), mine.id)).rejects.toMatchObject({ code: 'not-found' });
    expect((await svc.ownApplication(as(ana), mine.id)).withdrawable).toBe(true);
    expect(await svc.withdraw(as(ana), mine.id)).toEqual({ id: mine.id, status: 'withdrawn' });
    expect(events).toContainEqual({ kind: 'application-withdrawn', applicationId: mine.id });
    expect(await setApplicationStatusIf(t.db, mine.id, 'withdrawn', 'approved', new Date())).toBe(false);
    await expect(svc.apply(offer.slug, as(ana), { answer_1: 'no', answer_2: '1' })).rejects.toMatchObject({
      code: 'conflict',
      fields: { offer: { key: 'applying.error.withdrawnBefore' } },
    });
    const rows = readCsv((await csv.applicantsCsv(hire(), offer.id, 'es')).body.slice(1));
    expect(rows[1]![2]).toBe('Retirada');
  });

  it('refuses to withdraw a decided application', async () => {
    const o = await addOffer(t.db, acme.companyId);
    const a = await svc.apply(o.slug, as(luis), {});
    await setApplicationStatusIf(t.db, a.id, 'sent', 'placed', new Date());
    await expect(svc.withdraw(as(luis), a.id)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('saves offers once, lists open and closed apart, pages by keyset, and removes them', async () => {
    const closed = await addOffer(t.db, acme.companyId, { title: 'Cerrada', status: 'closed' });
    const draft = await addOffer(t.db, acme.companyId, { status: 'draft', published_at: null, valid_through: null });
    await saved.save(as(luis), offer.slug);
    await saved.save(as(luis), offer.slug);
    await saved.save(as(luis), closed.slug);
    await expect(saved.save(as(luis), draft.slug)).rejects.toMatchObject({ code: 'not-found' });
    await expect(saved.save(hire(), offer.slug)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(saved.save(null, offer.slug)).rejects.toMatchObject({ code: 'unauthorized' });
    const list = await saved.list(as(luis));
    expect(list.open.map((o) => o.slug)).toEqual([offer.slug]);
    expect(list.closed.map((o) => [o.slug, o.state])).toEqual([[closed.slug, 'closed']]);
    expect(list.next).toBeNull();
    expect((await saved.list(as(ana))).open).toEqual([]);

    for (let i = 0; i < SAVED_PER_PAGE + 3; i++) await saved.save(as(ana), (await addOffer(t.db, acme.companyId)).slug);
    const first = await saved.list(as(ana));
    expect(first.open).toHaveLength(SAVED_PER_PAGE);
    const second = await saved.list(as(ana), first.next);
    expect(second.open).toHaveLength(3);
    expect(second.next).toBeNull();
    expect(new Set([...first.open, ...second.open].map((o) => o.offerId)).size).toBe(SAVED_PER_PAGE + 3);

    await saved.remove(as(luis), closed.id);
    await saved.remove(as(ana), offer.id); // not theirs: nothing happens
    expect((await saved.list(as(luis))).closed).toEqual([]);
    expect((await saved.list(as(luis))).open).toHaveLength(1);
  });
});
