import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseConfig } from '../../server/config';
import type { JobCard, JobSearchInput, JobSearchService } from '../../server/offers/job-search-service';
import { createHttpApp } from '../../server/http/app';
import { createJobSearchGet } from './job-search-get';

const card: JobCard = {
  id: 7,
  slug: 'dev-r-d-7',
  title: 'Dev <R&D> "senior"',
  area: 'tech',
  role: 'frontend',
  seniority: 'senior',
  english: null,
  modality: 'remote-global',
  country: 'peru',
  city: null,
  employmentType: 'full-time',
  allowedCountries: [],
  skills: [{ skill: 'react', required: true }],
  salary: { min: 6000, max: 7500, currency: 'PEN', period: 'month', gross: true, usdMonthMin: 1600, usdMonthMax: 2000 },
  company: { name: 'Acme & Co', slug: 'acme', logo: null },
  description: 'x',
  publishedAt: new Date('2026-11-20T00:00:00Z'),
  validThrough: null,
  isDemo: false,
};

function setup() {
  const calls: JobSearchInput[] = [];
  const jobs = {
    search: async () => {
      throw new Error('the feed does not count: it reads latest()');
    },
    latest: async (input: JobSearchInput) => {
      calls.push(input);
      return [card];
    },
  } as unknown as JobSearchService;
  const get = createJobSearchGet({
    jobs: async () => jobs,
    siteUrl: 'https://tandem.example',
    brand: 'Tandem',
  });
  const { app } = createHttpApp({
    inner: () => new Response('page', { headers: { 'content-type': 'text/html' } }),
    config: parseConfig({}),
    prod: false,
    build: { id: 'b', timestamp: 0 },
    routes: { jobs: { get }, countryJobs: { get } },
  });
  return { app, calls };
}

describe('job search URLs in the HTTP layer', () => {
  it('redirects a non-canonical order with a 301 to the canonical path, query kept (an old page number dropped), and RSC twin', async () => {
    const { app } = setup();
    const res = await app.request('/en/peru/trabajos/remote-global/senior/react?q=node&pagina=2');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/en/peru/trabajos/react/senior/remote-global?q=node');
    const rsc = await app.request('/RSC/R/trabajos/remote-global/react.txt');
    expect(rsc.status).toBe(301);
    expect(rsc.headers.get('location')).toBe('/RSC/R/trabajos/react/remote-global.txt');
  });

  it('redirects an area its role implies with a 301 to the role alone, in both languages, with or without a country', async () => {
    const { app } = setup();
    for (const [path, to] of [
      ['/trabajos/tech/tech-lead', '/trabajos/tech-lead'],
      ['/en/trabajos/tech/tech-lead', '/en/trabajos/tech-lead'],
      ['/trabajos/tech-lead/tech', '/trabajos/tech-lead'],
      [
        '/peru/trabajos/tech/backend/senior?q=go&salario_min=2000&orden=salario',
        '/peru/trabajos/backend/senior?q=go&salario_min=2000&orden=salario',
      ],
      [
        '/en/mexico/trabajos/senior/product/ui-ux-designer?q=figma&utm_source=x',
        '/en/mexico/trabajos/ui-ux-designer/senior?q=figma&utm_source=x',
      ],
      ['/en/chile/trabajos/sales/sdr?pagina=1&orden=recientes', '/en/chile/trabajos/sdr'],
    ]) {
      const res = await app.request(path!);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(to);
    }
    const rsc = await app.request('/RSC/R/en/peru/trabajos/tech/devops.txt?q=k8s');
    expect(rsc.status).toBe(301);
    expect(rsc.headers.get('location')).toBe('/RSC/R/en/peru/trabajos/devops.txt?q=k8s');
    // The target is final: no chain of redirects.
    for (const path of ['/trabajos/tech-lead', '/en/peru/trabajos/backend/senior', '/trabajos/tech/react']) {
      expect((await app.request(path)).status, path).toBe(200);
    }
  });

  it('reads a place in the free text as the country filter: a 301 to the country search, the rest of the text kept', async () => {
    const { app } = setup();
    for (const [path, to] of [
      ['/trabajos?q=peru', '/peru/trabajos'],
      ['/trabajos?q=Per%C3%BA', '/peru/trabajos'],
      ['/en/trabajos?q=Peru', '/en/peru/trabajos'],
      ['/trabajos/react?q=desarrollador+en+Lima&orden=salario', '/peru/trabajos/react?q=desarrollador&orden=salario'],
      ['/en/trabajos?q=mexico+city+react&utm_source=x', '/en/mexico/trabajos?q=react&utm_source=x'],
      ['/peru/trabajos?q=lima+backend', '/peru/trabajos?q=backend'],
      ['/trabajos?q=Espa%C3%B1a', '/espana/trabajos'],
    ]) {
      const res = await app.request(path!);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(to);
    }
    const rsc = await app.request('/RSC/R/trabajos.txt?q=bogota');
    expect(rsc.headers.get('location')).toBe('/RSC/R/colombia/trabajos.txt');
    // Another country's city stays text, and `exacto=1` searches the words as typed.
    expect((await app.request('/mexico/trabajos?q=lima')).status).toBe(200);
    expect((await app.request('/trabajos?q=peru&exacto=1')).status).toBe(200);
  });

  it('drops the empty and default fields a GET form sends, keeping the rest', async () => {
    const { app } = setup();
    const res = await app.request('/trabajos/react?q=dise%C3%B1o&salario_min=&orden=recientes&pagina=1&utm_source=x');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/trabajos/react?q=dise%C3%B1o&utm_source=x');
    const bare = await app.request('/en/trabajos?q=&salario_min=&orden=recientes');
    expect(bare.headers.get('location')).toBe('/en/trabajos');
    expect((await app.request('/trabajos?q=a%20b&orden=salario')).status).toBe(200);
  });

  it('sends an old page number to the first page of its search (the list pages by cursor)', async () => {
    const { app } = setup();
    for (const [path, to] of [
      ['/trabajos?pagina=7', '/trabajos'],
      ['/trabajos/react?q=java&pagina=999999', '/trabajos/react?q=java'],
      ['/en/trabajos?pagina=abc&orden=salario', '/en/trabajos?orden=salario'],
    ]) {
      const res = await app.request(path!);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(to);
    }
  });

  it('leaves canonical, unknown and non-search URLs to the page', async () => {
    const { app } = setup();
    for (const path of [
      '/trabajos/react/remote-global',
      '/trabajos/cobol',
      '/trabajos/product/tech-lead',
      '/narnia/trabajos',
      '/hire',
      '/trabajos?format=atom',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe('page');
    }
  });

  it('answers ?format=rss with an escaped RSS 2.0 feed of the same search', async () => {
    const { app, calls } = setup();
    const res = await app.request('/peru/trabajos/react?format=rss&q=dise%C3%B1o&salario_min=1500&orden=salario');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(calls).toEqual([{ country: 'peru', skill: 'react', q: 'diseño', minSalaryUsd: 1500, sort: 'salary', page: 1 }]);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>Trabajos de React en Perú: «diseño» | Tandem</title>');
    expect(xml).toContain('<link>https://tandem.example/peru/trabajos/react?q=dise%C3%B1o&amp;salario_min=1500&amp;orden=salario</link>');
    expect(xml).toContain(
      '<atom:link href="https://tandem.example/peru/trabajos/react?q=dise%C3%B1o&amp;salario_min=1500&amp;orden=salario&amp;format=rss" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain('<title>Dev &lt;R&amp;D&gt; &quot;senior&quot; · Acme &amp; Co</title>');
    expect(xml).toContain('<guid isPermaLink="true">https://tandem.example/oferta/dev-r-d-7</guid>');
    expect(xml).toContain('<pubDate>Fri, 20 Nov 2026 00:00:00 GMT</pubDate>');
    expect(xml).toContain('<category>React</category>');
    expect(xml).not.toMatch(/<R&D>|Acme & Co/);
  });

  it('sends the feed compressed with Vary and an ETag, and 304 while the results stay the same', async () => {
    const { app } = setup();
    const url = '/trabajos/react?format=rss';
    const plain = await app.request(url);
    const text = await plain.text();
    expect(text).toContain('<lastBuildDate>Fri, 20 Nov 2026 00:00:00 GMT</lastBuildDate>');
    const br = await app.request(url, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
    const gz = await app.request(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    const not = await app.request(url, { headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.get('etag')! } });
    expect(not.status).toBe(304);
    expect(not.headers.get('cache-control')).toBe('public, max-age=300');
    expect(not.headers.get('vary')).toBe('Accept-Encoding');
    expect(await not.text()).toBe('');
    expect((await app.request(url, { headers: { 'if-none-match': plain.headers.get('etag')! } })).status).toBe(304);
  });

  it('answers HEAD without a body', async () => {
    const { app } = setup();
    const res = await app.request('/trabajos?format=rss', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});
