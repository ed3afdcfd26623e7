import { describe, expect, it } from 'vitest';
import { splitInlineCode } from './inline-code';

describe('splitInlineCode', () => {
  it('turns backticked spans into code parts and keeps the text around them', () => {
    expect(splitInlineCode('Use `useMemo` or `useCallback`.')).toEqual([
      { code: false, text: 'Use ' },
      { code: true, text: 'useMemo' },
      { code: false, text: ' or ' },
      { code: true, text: 'useCallback' },
      { code: false, text: '.' },
    ]);
  });

  it('leaves text without code, and an unpaired backtick, as one text part', () => {
    expect(splitInlineCode('Plain answer')).toEqual([{ code: false, text: 'Plain answer' }]);
    expect(splitInlineCode('a ` b')).toEqual([{ code: false, text: 'a ` b' }]);
    expect(splitInlineCode('')).toEqual([]);
  });

  it('passes markup through as text: the page escapes it, nothing is parsed as HTML', () => {
    expect(splitInlineCode('`<img src=x onerror=alert(1)>` <b>x</b>')).toEqual([
      { code: true, text: '<img src=x onerror=alert(1)>' },
      { code: false, text: ' <b>x</b>' },
    ]);
  });
});
