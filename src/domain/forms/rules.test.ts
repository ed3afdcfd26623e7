import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { fillMessage } from './fill-message';
import { checkForm, email, field, inputAttributes, maxLength, minLength, parseWholeNumber, required, wholeNumber } from './rules';
import { specs } from './specs';

const one = (check: ReturnType<typeof email>, value: string) => checkForm(z.object({ f: field(check) }), { f: value }).f ?? null;

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
    // The sign-in has no account type (decision 081): a stray one is no error.
    expect(checkForm(specs.login, { type: 'admin', email: 'a@b.co', password: 'x' })).toEqual({});
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
  it('gives each field its first refusal, whatever the other fields say', () => {
    // A missing field is an empty one; a refused password does not hide the confirmation's mismatch.
    expect(checkForm(specs.resetPassword, { passwordConfirmation: 'otra' })).toEqual({
      password: { key: 'required' },
      passwordConfirmation: { key: 'mismatch' },
    });
    expect(checkForm(specs.signUp, { name: 'x'.repeat(101), last_name: 'P', email: ' '.repeat(300), password: '😀😀😀😀' })).toEqual({
      name: { key: 'tooLong', params: { max: 100 } },
      email: { key: 'required' },
    });
    // Optional fields: empty (or blank) passes every check.
    expect(
      checkForm(specs.calculatorRegister, { name: 'A', last_name: 'B', email: 'a@b.co', password: '12345678', salary_amount: ' ' }),
    ).toEqual({});
  });
  it('accepts real addresses and refuses look-alikes', () => {
    for (const ok of ['ana@example.com', 'a.b+c@sub.example.co']) expect(one(email(), ok)).toBeNull();
    for (const bad of ['ana', 'ana@example', 'a b@example.com', '@example.com', 'ana@.com'])
      expect(one(email(), bad)).toEqual({ key: 'email' });
  });
  it('reads whole numbers as people type them and checks their range', () => {
    expect(parseWholeNumber('2500')).toBe(2500);
    expect(parseWholeNumber('2.500')).toBe(2500);
    expect(parseWholeNumber('12,500')).toBe(12500);
    expect(parseWholeNumber('1 250 000')).toBe(1250000);
    for (const bad of ['2.5', '25,00', '-3', '1e4', 'abc', '2..500']) expect(parseWholeNumber(bad)).toBeNull();
    const rule = wholeNumber(100, 1000);
    expect(one(rule, '')).toBeNull();
    expect(one(rule, '99')).toEqual({ key: 'number', params: { min: 100, max: 1000 } });
    expect(one(rule, '1.000')).toBeNull();
    expect(one(rule, 'mil')).toEqual({ key: 'number', params: { min: 100, max: 1000 } });
  });
  it("gives the HTML inputs their fields' attributes", () => {
    expect(inputAttributes(field(required(), minLength(8), maxLength(200)))).toEqual({ required: true, minLength: 8, maxLength: 200 });
    expect(inputAttributes(specs.login.shape.email)).toEqual({ required: true, maxLength: 254 });
    expect(inputAttributes(specs.calculatorRegister.shape.salary_currency)).toEqual({});
  });
  it('fills placeholders', () => {
    expect(fillMessage('Usa al menos {{min}} caracteres.', { min: 8 })).toBe('Usa al menos 8 caracteres.');
  });
});
