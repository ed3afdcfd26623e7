import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('keeps letters and digits in ASCII, one dash between words, none at the ends', () => {
    expect(slugify('José Pérez')).toBe('jose-perez');
    expect(slugify('  ¿Desarrollador/a Backend (Go)?  ')).toBe('desarrollador-a-backend-go');
    expect(slugify('Ñandú — Ünïcode 2025')).toBe('nandu-unicode-2025');
    expect(slugify('ﬁ ①')).toBe('fi-1');
    expect(slugify('¡¡¡')).toBe('');
  });
  it('cuts at the length asked, which may leave a dash at the end', () => {
    expect(slugify('a'.repeat(70), 60)).toBe('a'.repeat(60));
    expect(slugify(`${'a'.repeat(59)} b`, 60)).toBe(`${'a'.repeat(59)}-`);
    expect(slugify('Datos que aportas')).toBe('datos-que-aportas');
  });
});
