import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox';

describe('mailboxKey', () => {
  it('reads the aliases of one mailbox as one', () => {
    for (const a of ['Ana.Perez+cert2@Gmail.com', 'anaperez@googlemail.com', 'a.n.a.perez@gmail.com', ' anaperez@gmail.com '])
      expect(mailboxKey(a)).toBe('anaperez@gmail.com');
    expect(mailboxKey('Ana+x@Empresa.example')).toBe('ana@empresa.example');
  });
  it('keeps dots where they count, and what is not an address as it is', () => {
    expect(mailboxKey('ana.perez@empresa.example')).toBe('ana.perez@empresa.example');
    expect(mailboxKey('+tag@x.example')).toBe('+tag@x.example');
    expect(mailboxKey('no-at-sign')).toBe('no-at-sign');
  });
});
