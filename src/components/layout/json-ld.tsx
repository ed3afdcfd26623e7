/**
 * Structured data for search engines. A JSON data block is never executed (so the CSP does not apply to
 * it); `<` is escaped so that no value can close the script element.
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
