// A legal text in one language (decision 026): its version and effective date (YYYY-MM-DD), shown at the top
// of the page, and its body in Markdown (sections `## Title {#id}`, placeholders {{brand}}, {{entity}},
// {{email}}, {{host}}, site links as `route:<routeId>#anchor`; see src/server/render/legal-markdown.ts).
export type LegalText = { version: string; effective: string; body: string };
