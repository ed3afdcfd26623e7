import { describe, expect, it } from 'vitest';
import { checkField, checkForm, fillMessage, parseWholeNumber } from './rules';
import { specs } from './specs';

describe('form rules', () => {
  it('checks required, email, length and confirmation', () => {
    expect(checkForm(specs.signUp, { name: ' ', last_name: 'Pérez', email: 'ana@', password: 'corta' })).toEqual({
      name: { key: 'required' },
      email: { key: 'email' },
      password: { key: 'tooShort', params: { min: 8 } },
    });
    expect(checkForm(specs.resetPassword, { password: 'clave-larga-1', passwordConfirmation: 'clave-larga-2' })).toEqual({
      passwordConfirmation: { key: 'mismatch' },
    });
    expect(checkForm(specs.login, { type: 'admin', email: 'a@b.co', password: 'x' })).toEqual({ type: { key: 'invalid' } });
    expect(
      checkForm(specs.hireStartNow, {
        name: 'Ana',
        last_name: 'Ruiz',
        company_name: 'Acme',
        email: 'ana@acme.example',
        password: '12345678',
      }),
    ).toEqual({});
  });
  it('accepts real addresses and refuses look-alikes', () => {
    for (const ok of ['ana@example.com', 'a.b+c@sub.example.co']) expect(checkField({ email: true }, ok, {})).toBeNull();
    for (const bad of ['ana', 'ana@example', 'a b@example.com', '@example.com', 'ana@.com'])
      expect(checkField({ email: true }, bad, {})).toEqual({ key: 'email' });
  });
  it('reads whole numbers as people type them and checks their range', () => {
    expect(parseWholeNumber('2500')).toBe(2500);
    expect(parseWholeNumber('2.500')).toBe(2500);
    expect(parseWholeNumber('12,500')).toBe(12500);
    expect(parseWholeNumber('1 250 000')).toBe(1250000);
    for (const bad of ['2.5', '25,00', '-3', '1e4', 'abc', '2..500']) expect(parseWholeNumber(bad)).toBeNull();
    const rule = { integer: { min: 100, max: 1000 } };
    expect(checkField(rule, '', {})).toBeNull();
    expect(checkField(rule, '99', {})).toEqual({ key: 'number', params: { min: 100, max: 1000 } });
    expect(checkField(rule, '1.000', {})).toBeNull();
    expect(checkField(rule, 'mil', {})).toEqual({ key: 'number', params: { min: 100, max: 1000 } });
  });
  it('fills placeholders', () => {
    expect(fillMessage('Usa al menos {{min}} caracteres.', { min: 8 })).toBe('Usa al menos 8 caracteres.');
  });
});
