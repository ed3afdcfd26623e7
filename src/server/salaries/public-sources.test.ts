import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSharedData, sharedDataDir } from '../../testing/databases';
import { downloadSurvey, localCopy, PUBLIC_SOURCES } from './public-sources';

const noData = hasSharedData ? '' : ` (skipped: no survey files in ${sharedDataDir})`;

describe('the known public surveys', () => {
  it('are pinned to a reviewed commit of their published repositories', () => {
    for (const s of PUBLIC_SOURCES) expect(s.url).toMatch(/^https:\/\/raw\.githubusercontent\.com\/[\w-]+\/[\w-]+\/[0-9a-f]{40}\//);
  });
  it.skipIf(!hasSharedData)(`are all in the survey folder beside this checkout${noData}`, () => {
    for (const s of PUBLIC_SOURCES) expect(localCopy(s, sharedDataDir)).toBe(join(sharedDataDir, s.dir, s.file));
  });
});

describe('downloading a survey by URL', () => {
  let server: Server;
  let base = '';
  const body = 'work_year,job_title\n2024,Data Engineer\n';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/foorilla/devops-jobs-net-salaries/salaries.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
      else res.writeHead(404).end('nope');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps the bytes in a temporary file named like the URL and says their SHA-256', async () => {
    const got = await downloadSurvey(`${base}/foorilla/devops-jobs-net-salaries/salaries.csv`);
    expect(got.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(got.bytes).toBe(body.length);
    expect(got.path).toMatch(/salaries\.csv$/);
    expect(readFileSync(got.path, 'utf8')).toBe(body);
  });

  it('says what went wrong: a missing file, plain http to another machine, not a URL', async () => {
    await expect(downloadSurvey(`${base}/missing.csv`)).rejects.toThrow(/download failed: 404/);
    await expect(downloadSurvey('http://example.com/salaries.csv')).rejects.toThrow(/only https URLs/);
    await expect(downloadSurvey('ftp://example.com/x.csv')).rejects.toThrow(/only https URLs/);
    await expect(downloadSurvey('not a url')).rejects.toThrow(/not a URL/);
  });
});
