// The rules of eslint/tandem.js on snippets, as the editor sees them: the boundaries and the client-island rule.
// Each rule has a snippet it must refuse.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries, plugin } from './tandem.js';

const eslint = new ESLint({
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser },
      plugins: { tandem: plugin, '@typescript-eslint': tseslint.plugin },
      rules: { 'tandem/no-server-in-client': 'error' },
    },
    ...boundaries(),
  ],
});

/** The rules that fire on `code` as the file `path`. */
async function fired(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}
const RESTRICTED = '@typescript-eslint/no-restricted-imports';
const CLIENT = 'tandem/no-server-in-client';

describe('tandem/no-server-in-client', () => {
  const island = 'src/areas/jobs/some-island.tsx';
  it("refuses server code and 'server-only' in a 'use client' module", async () => {
    expect(await fired(island, "'use client';\nimport { getConfig } from '../../server/config';")).toEqual([CLIENT]);
    expect(await fired(island, "'use client';\nimport 'server-only';")).toEqual([CLIENT]);
    expect(await fired(island, "'use client';\nexport { x } from '../../server/config';")).toEqual([CLIENT]);
    expect(await fired(island, "'use client';\nconst load = () => import('../../server/config');")).toEqual([CLIENT]);
  });

  it('lets type-only imports, other code and modules without the directive through', async () => {
    expect(await fired(island, "'use client';\nimport type { Viewer } from '../../server/accounts/session';")).toEqual([]);
    expect(await fired(island, "'use client';\nimport { href } from '../../routes';\nimport { useState } from 'react';")).toEqual([]);
    expect(await fired(island, "import { getConfig } from '../../server/config';")).toEqual([]);
    expect(await fired(island, "import x from './y';\n'use client';\nimport 'server-only';")).toEqual([]);
  });
});

describe('the import boundaries', () => {
  it('keep src/domain to itself and packages (types from src/i18n aside)', async () => {
    expect(await fired('src/domain/x.ts', "import { z } from 'zod';\nimport { parseId } from './ids';")).toEqual([]);
    expect(await fired('src/domain/x.ts', "import type { Locale } from '../i18n/locales';")).toEqual([]);
    expect(await fired('src/domain/x.ts', "import { getT } from '../i18n/translate';")).toEqual([RESTRICTED]);
    expect(await fired('src/domain/x.ts', "import { href } from '../routes';")).toEqual([RESTRICTED]);
    expect(await fired('src/domain/x.ts', "import es from '../../i18n/es.json';")).toEqual([RESTRICTED]);
    expect(await fired('src/domain/forms/x.ts', "import { parseId } from '../ids';")).toEqual([]);
    expect(await fired('src/domain/forms/x.ts', "import { config } from '../../server/config';")).toEqual([RESTRICTED]);
  });

  it('keep shared code off src/server and the areas', async () => {
    expect(await fired('src/components/ui/x.tsx', "import { config } from '../../server/config';")).toEqual([RESTRICTED]);
    expect(await fired('src/components/ui/x.tsx', "import type { Viewer } from '../../server/accounts/session';")).toEqual([RESTRICTED]);
    expect(await fired('src/components/ui/x.tsx', "import { registry } from '../../areas/registry';")).toEqual([RESTRICTED]);
    expect(await fired('src/client/x.ts', "import { config } from '../server/config';")).toEqual([RESTRICTED]);
    expect(await fired('src/i18n/x.ts', "import { config } from '../server/config';")).toEqual([RESTRICTED]);
    expect(await fired('src/routes.ts', "import { config } from './server/config';")).toEqual([RESTRICTED]);
    expect(await fired('src/components/ui/x.tsx', "import { JobList } from '../../views/jobs/job-results';")).toEqual([RESTRICTED]);
    expect(
      await fired(
        'src/components/ui/x.tsx',
        "import { parseId } from '../../domain/ids';\nimport { renderToString } from 'react-dom/server';",
      ),
    ).toEqual([]);
  });

  it('keep src/server off the areas and the entry, tests aside', async () => {
    expect(await fired('src/server/http/x.ts', "import { registry } from '../../areas/registry';")).toEqual([RESTRICTED]);
    expect(await fired('src/server/http/x.ts', "import { jobsHref } from '../../views/jobs/job-search-url';")).toEqual([RESTRICTED]);
    expect(await fired('src/server/x.ts', "import pages from '../waku.server';")).toEqual([RESTRICTED]);
    expect(await fired('src/server/http/x.ts', "import { parseId } from '../../domain/ids';\nimport { db } from '../db/client';")).toEqual(
      [],
    );
    expect(await fired('src/server/http/x.test.ts', "import { registry } from '../../areas/registry';")).toEqual([]);
  });
});

describe('the server layout', () => {
  it('keeps domains off the web doors, the composition and other domains’ data', async () => {
    expect(await fired('src/server/offers/x.ts', "import { usdRate } from '../salaries/fx-rates';")).toEqual([]);
    expect(await fired('src/server/offers/x.ts', "import { rows } from './data/offers';")).toEqual([]);
    expect(await fired('src/server/offers/x.ts', "import { forms } from '../http/forms';")).toEqual([RESTRICTED]);
    expect(await fired('src/server/offers/x.ts', "import { services } from '../container';")).toEqual([RESTRICTED]);
    expect(await fired('src/server/offers/x.ts', "import { usdRate } from '../salaries/data/reports';")).toEqual([RESTRICTED]);
    expect(await fired('src/server/offers/data/x.ts', "import { users } from '../../accounts/data/users';")).toEqual([RESTRICTED]);
  });

  it('keeps the base off domains, doors and composition', async () => {
    expect(await fired('src/server/db/x.ts', "import { sql } from 'kysely';\nimport type { DB } from './schema';")).toEqual([]);
    expect(await fired('src/server/db/x.ts', "import { rows } from '../salaries/data/aggregates';")).toEqual([RESTRICTED]);
    expect(await fired('src/server/limits/x.ts', "import { getDatabase } from '../database';")).toEqual([RESTRICTED]);
    expect(await fired('src/server/db/x.ts', "import type { OffersTable } from '../offers/data/tables';")).toEqual([]);
    expect(await fired('src/server/db/x.ts', "import { OffersTable } from '../offers/data/tables';")).toEqual([RESTRICTED]);
  });
});

describe('the areas and the views', () => {
  it('let no area import another area (what two share lives in src/views)', async () => {
    expect(await fired('src/areas/offers/x.tsx', "import { RelatedOffers } from '../jobs/related-offers';")).toEqual([RESTRICTED]);
    expect(await fired('src/areas/content/legal/x.ts', "import { x } from '../../hire/pricing-page';")).toEqual([RESTRICTED]);
    expect(
      await fired(
        'src/areas/offers/x.tsx',
        "import { RelatedOffers } from '../../views/jobs/related-offers';\nimport { organization } from './organization-ld';\nimport type { AreaDeps } from '../route-module';",
      ),
    ).toEqual([]);
  });

  it('let only the entry import the container: no area, no view', async () => {
    expect(await fired('src/areas/jobs/x.tsx', "import { services } from '../../server/container';")).toEqual([RESTRICTED]);
    expect(await fired('src/areas/x.ts', "import { services } from '../server/container';")).toEqual([RESTRICTED]);
    expect(await fired('src/views/jobs/x.tsx', "import { services } from '../../server/container';")).toEqual([RESTRICTED]);
    expect(await fired('src/waku.server.tsx', "import { services } from './server/container';")).toEqual([]);
  });

  it('keep src/views off the areas', async () => {
    expect(await fired('src/views/jobs/x.tsx', "import { jobsRoutes } from '../../areas/jobs/routes';")).toEqual([RESTRICTED]);
    expect(
      await fired(
        'src/views/jobs/x.tsx',
        "import { href } from '../../routes';\nimport type { JobCard } from '../../server/offers/job-search-service';",
      ),
    ).toEqual([]);
  });
});
