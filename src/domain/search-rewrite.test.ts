import { describe, expect, it } from 'vitest';
import { correctionOf, editDistance, placeOf, rewriteTerms } from './search-rewrite';

describe('the forgiving reading of free text', () => {
  it('measures edit distance with adjacent swaps, and stops past a maximum', () => {
    expect(editDistance('desarollador', 'desarrollador')).toBe(1);
    expect(editDistance('raect', 'react')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'abcdefgh', 2)).toBe(3);
  });

  it('corrects typos of known terms in both languages, and leaves known words, prefixes and short words alone', () => {
    expect(correctionOf('desarollador')).toBe('desarrollador');
    expect(correctionOf('devloper')).toBe('developer');
    expect(correctionOf('typscript')).toBe('typescript');
    expect(correctionOf('kubernets')).toBe('kubernetes');
    expect(correctionOf('pyhton')).toBe('python');
    expect(correctionOf('react')).toBeUndefined();
    expect(correctionOf('desarr')).toBeUndefined();
    expect(correctionOf('jav')).toBeUndefined();
    expect(correctionOf('zzzz')).toBeUndefined();
  });

  it('searches a corrected word and its synonyms as alternatives, and says how the text was understood', () => {
    expect(rewriteTerms('desarollador')).toEqual({
      terms: ['desarollador|desarrollador|developer'],
      understood: ['desarrollador'],
      changed: true,
    });
    expect(rewriteTerms('js')).toEqual({ terms: ['js|javascript'], understood: ['JavaScript'], changed: true });
    expect(rewriteTerms('Diseñador senior')).toEqual({
      terms: ['disenador|designer', 'senior'],
      understood: ['Diseñador', 'senior'],
      changed: false,
    });
    expect(rewriteTerms('developer').terms).toEqual(['developer|desarrollador']);
    expect(rewriteTerms('desarrollador').terms).toEqual(['desarrollador|developer']);
    expect(rewriteTerms('k8s devops')).toMatchObject({ terms: ['k8s|kubernetes', 'devops'], changed: true });
    expect(rewriteTerms('')).toEqual({ terms: [], understood: [], changed: false });
    // Every alternative is a folded word: nothing in it is syntax for either database.
    for (const t of rewriteTerms(`"') or 1=1; DROP tablé -- ñandú js`).terms) expect(t).toMatch(/^[a-z0-9]+(\|[a-z0-9]+)*$/);
  });

  it('reads places, in Spanish or English and with or without accents, as the country, keeping the rest as typed', () => {
    expect(placeOf('peru')).toEqual({ country: 'peru', rest: '' });
    expect(placeOf('Perú')).toEqual({ country: 'peru', rest: '' });
    expect(placeOf('Desarrollador en Lima')).toEqual({ country: 'peru', rest: 'Desarrollador' });
    expect(placeOf('Spain react')).toEqual({ country: 'espana', rest: 'react' });
    expect(placeOf('Diseñador Ciudad de México')).toEqual({ country: 'mexico', rest: 'Diseñador' });
    expect(placeOf('backend in Mexico City')).toEqual({ country: 'mexico', rest: 'backend' });
    expect(placeOf('Bogotá, senior')).toEqual({ country: 'colombia', rest: 'senior' });
    expect(placeOf('costa rica')).toEqual({ country: 'costa-rica', rest: '' });
    expect(placeOf('react')).toBeNull();
    // Only when it agrees with the country chosen.
    expect(placeOf('lima', 'mexico')).toBeNull();
    expect(placeOf('lima backend', 'peru')).toEqual({ country: 'peru', rest: 'backend' });
  });
});
