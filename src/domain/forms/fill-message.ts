// Apart from the rules (rules.ts), so that a chunk that only shows messages ships no validation code.
/** Fill {{min}}-style placeholders of an already translated message. */
export function fillMessage(template: string, params?: Record<string, number | string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params?.[k] ?? ''));
}
