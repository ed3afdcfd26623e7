import { describe, expect, it } from 'vitest';
import { checkMessage, MESSAGE_MAX_CHARS, preview, reportInput } from './messaging';
import { splitLinks } from './message-links';

describe('message text', () => {
  it('trims, and refuses empty and over-long texts by key', () => {
    expect(checkMessage('  hola \n')).toEqual({ ok: true, value: 'hola' });
    expect(checkMessage('   ')).toEqual({ ok: false, key: 'messages.error.empty' });
    expect(checkMessage(undefined)).toEqual({ ok: false, key: 'messages.error.empty' });
    expect(checkMessage('a'.repeat(MESSAGE_MAX_CHARS))).toMatchObject({ ok: true });
    expect(checkMessage('a'.repeat(MESSAGE_MAX_CHARS + 1))).toEqual({
      ok: false,
      key: 'messages.error.tooLong',
      params: { max: MESSAGE_MAX_CHARS, count: MESSAGE_MAX_CHARS + 1 },
    });
  });
  it('counts characters, not UTF-16 units', () => {
    expect(checkMessage('😀'.repeat(MESSAGE_MAX_CHARS))).toMatchObject({ ok: true });
  });
  it('previews 200 characters', () => {
    expect(preview('corto')).toBe('corto');
    expect(Array.from(preview('é'.repeat(300))).length).toBe(201);
  });
  it('reads a report', () => {
    expect(reportInput.safeParse({ reason: 'spam', details: ' ' }).data).toEqual({ reason: 'spam', details: null });
    expect(reportInput.safeParse({ reason: 'nope', details: '' }).success).toBe(false);
  });
});

describe('splitLinks', () => {
  const join = (s: string) =>
    splitLinks(s)
      .map((p) => p.text)
      .join('');
  it('keeps every character and finds http(s) links only', () => {
    const s = 'Mira https://example.com/a?b=1. y (http://x.org/w_(c)) o javascript:alert(1) ftp://x <b>';
    expect(join(s)).toBe(s);
    const links = splitLinks(s).filter((p) => p.kind === 'link');
    expect(links.map((l) => l.text)).toEqual(['https://example.com/a?b=1', 'http://x.org/w_(c)']);
  });
  it('gives no link for a bare scheme', () => {
    expect(splitLinks('https:// nada')).toEqual([{ kind: 'text', text: 'https:// nada' }]);
  });
  it('keeps line breaks in text parts', () => {
    expect(splitLinks('a\nb')).toEqual([{ kind: 'text', text: 'a\nb' }]);
  });
});
