import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './front-matter';

describe('parseFrontMatter', () => {
  it('reads strings, numbers, booleans, empty values and quoted strings, and the body after the block', () => {
    const { data, body } = parseFrontMatter(
      [
        '---',
        'title: "React: desde cero"',
        'area: tech',
        'role:',
        'minutes: 95',
        'free: false',
        'ratio: 0.5',
        '---',
        '',
        '# Hola',
        '',
      ].join('\n'),
    );
    expect(data).toEqual({ title: 'React: desde cero', area: 'tech', role: null, minutes: 95, free: false, ratio: 0.5 });
    expect(body).toBe('# Hola');
  });

  it('keeps an unquoted value with inner colons as text', () => {
    expect(parseFrontMatter('---\nmodule: Parte 1: bases\n---\n').data.module).toBe('Parte 1: bases');
  });

  it.each([
    ['no block', 'title: x\n'],
    ['an unclosed block', '---\ntitle: x\n'],
    ['a line that is not key: value', '---\n- item\n---\n'],
    ['a repeated key', '---\ntitle: a\ntitle: b\n---\n'],
    ['an unclosed quote', '---\ntitle: "abc\n---\n'],
  ])('refuses %s', (_name, text) => {
    expect(() => parseFrontMatter(text)).toThrow();
  });
});
