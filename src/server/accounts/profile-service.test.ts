import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createDatabaseStore } from '../uploads/data/database-store';
import { createImageStore, sniffImage } from '../uploads/image-store';
import { createAuthService } from './auth-service';
import { ServiceError } from '../errors';
import { createProfileService, type ProfileService } from './profile-service';

const fields = {
  headline: 'Backend en Go',
  country: 'chile',
  role: 'backend',
  seniority: 'mid' as const,
  years: 4,
  english: 'intermediate' as const,
  salary_expectation_usd: 2800,
  availability: 'open-to-offers' as const,
  is_public: true,
};

describe('image checks', () => {
  it('knows images by their first bytes, not their names', async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
      .webp()
      .toBuffer();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect([jpeg, png, webp].map((b) => sniffImage(b))).toEqual(['jpeg', 'png', 'webp']);
    expect(sniffImage(Buffer.from('GIF89a....'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe.each(testDatabases)('profiles on %s', (_name, open) => {
  let t: TestDb;
  let svc: ProfileService;
  let owner: { id: number; slug: string };
  let stranger: { id: number };
  beforeAll(async () => {
    t = await open();
    svc = createProfileService(t, createImageStore(createDatabaseStore(t)));
    const auth = createAuthService(t, 'p'.repeat(40));
    const a = await auth.register(
      'match',
      { name: 'Inés', last_name: 'Soto', email: 'ines@example.com', password: 'clave-segura-1' },
      { ip: 'test' },
    );
    const b = await auth.register(
      'match',
      { name: 'Otro', last_name: 'User', email: 'otro@example.com', password: 'clave-segura-1' },
      { ip: 'test' },
    );
    owner = { id: a.user.id, slug: a.user.profile_slug! };
    stranger = { id: b.user.id };
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('hides a private profile from everyone but its owner', async () => {
    expect(await svc.view(owner.slug, null)).toBeNull();
    expect(await svc.view(owner.slug, stranger.id)).toBeNull();
    expect((await svc.view(owner.slug, owner.id))?.isOwner).toBe(true);
    expect(await svc.view('no-such-person', owner.id)).toBeNull();
  });

  it('saves the owner’s changes, skills and a resized picture; then shows it to everyone', async () => {
    const big = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6a1b9a' } })
      .png()
      .toBuffer();
    await svc.update(owner.slug, owner.id, fields, ['go', 'docker'], big);
    const seen = await svc.view(owner.slug, null);
    expect(seen?.isOwner).toBe(false);
    expect(seen?.profile).toMatchObject({
      headline: 'Backend en Go',
      country: 'chile',
      years: 4,
      isPublic: true,
      skills: ['docker', 'go'],
    });
    const pic = seen!.profile.picture!;
    expect(pic).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    const stored = await t.db
      .selectFrom('uploads')
      .select(['bytes', 'content_type'])
      .where('key', '=', pic.slice('/uploads/'.length))
      .executeTakeFirstOrThrow();
    expect(stored.content_type).toBe('image/webp');
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 320]);
    // a new picture replaces the old file
    const other = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    await svc.update(owner.slug, owner.id, fields, ['go'], other);
    const keys = await t.db.selectFrom('uploads').select('key').where('key', 'like', 'avatars/%').execute();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.key).not.toBe(pic.slice('/uploads/'.length));
  });

  it('refuses anyone else, and files that are not images', async () => {
    await expect(svc.update(owner.slug, stranger.id, { ...fields, headline: 'x' }, [])).rejects.toMatchObject({ code: 'forbidden' });
    await expect(svc.update(owner.slug, null, fields, [])).rejects.toMatchObject({ code: 'forbidden' });
    await expect(svc.update('nobody-here', owner.id, fields, [])).rejects.toMatchObject({ code: 'not-found' });
    const err = await svc
      .update(owner.slug, owner.id, fields, [], new TextEncoder().encode('#!/bin/sh\nrm -rf /'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).fields).toEqual({ picture: { key: 'profile.pictureType' } });
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff]);
    await expect(svc.update(owner.slug, owner.id, fields, [], huge)).rejects.toMatchObject({
      fields: { picture: { key: 'profile.pictureTooLarge', params: { mb: 2 } } },
    });
    const truncated = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await expect(svc.update(owner.slug, owner.id, fields, [], truncated)).rejects.toMatchObject({
      fields: { picture: { key: 'profile.pictureUnreadable' } },
    });
    expect((await svc.view(owner.slug, null))?.profile.headline).toBe('Backend en Go');
  });

  it('lets a company user change only their own company', async () => {
    const auth = createAuthService(t, 'p'.repeat(40));
    const boss = await auth.register(
      'hire',
      { name: 'Jefa', last_name: 'X', email: 'jefa@acme.example', password: 'clave-segura-1', company_name: 'Acme' },
      { ip: 'test' },
    );
    await svc.updateCompany(boss.user.id, {
      name: 'Acme SAC',
      website: 'https://acme.example',
      size: '11-50',
      country: 'peru',
      location: 'Lima',
      description: 'Software a medida.',
      perks: ['Horario flexible', 'Seguro de salud'],
      stack: ['go', 'postgresql'],
    });
    expect(await svc.companyOf(boss.user.id)).toMatchObject({
      name: 'Acme SAC',
      website: 'https://acme.example',
      size: '11-50',
      country: 'peru',
      location: 'Lima',
      description: 'Software a medida.',
      logo: null,
      perks: ['Horario flexible', 'Seguro de salud'],
      stack: ['go', 'postgresql'],
    });
    const none = { website: null, size: null, country: null, location: null, description: null, perks: [], stack: [] };
    await svc.updateCompany(boss.user.id, { name: 'Acme SAC', ...none });
    expect(await svc.companyOf(boss.user.id)).toMatchObject({ perks: [], stack: [] });
    await expect(svc.updateCompany(owner.id, { name: 'Robada', ...none })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});
