// A company's logo, or its initials on a tinted square when it has none (job cards, offer pages, company
// pages, the "hiring now" strip). Decorative next to the company's name, so the alt text is empty unless
// the logo stands alone.
function companyInitials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words[0]!.charAt(0) + words[1]!.charAt(0) : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

export function CompanyLogo({
  name,
  logo,
  size = 48,
  alone = false,
}: {
  name: string;
  logo: string | null;
  size?: number;
  alone?: boolean;
}) {
  const style = { width: size, height: size };
  return logo ? (
    <img className="company-logo" src={logo} alt={alone ? name : ''} width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span
      className="company-logo company-logo-initials"
      style={{ ...style, fontSize: Math.round(size * 0.38) }}
      aria-hidden={!alone || undefined}
      role={alone ? 'img' : undefined}
      aria-label={alone ? name : undefined}
    >
      {companyInitials(name)}
    </span>
  );
}
