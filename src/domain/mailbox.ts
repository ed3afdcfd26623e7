// The mailbox an email address reaches, for rules that hold per person rather than per account (an
// interview's retake wait): lower case, without a +tag (most providers deliver a+x@ to a@), and for Gmail
// without dots in the name and with googlemail.com as gmail.com (Gmail ignores both). Pure: shared by the
// server and the tests.
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
