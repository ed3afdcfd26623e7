// Where to go after signing in: only a path on this site. Anything else (another host, a protocol-relative
// '//host', a backslash trick, a control character, a scheme) is ignored.
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const u = new URL(value, 'http://tandem.invalid');
    if (u.origin !== 'http://tandem.invalid') return null;
    return u.pathname + u.search + u.hash;
  } catch {
    return null;
  }
}
