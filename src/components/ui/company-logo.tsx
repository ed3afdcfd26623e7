import type { CSSProperties, ReactElement } from 'react';

// A company's logo, or where it has none a generated mark (decision 086): two or three geometric shapes on a
// tinted square, chosen and coloured by a hash of the name, so a company always gets the same one and
// neighbours on a list rarely match. Plain SVG elements (no script, no injected markup), coloured by CSS
// from two hues (offers-and-hire.css), lighter shapes on a dark tint in dark mode. Decorative next to the
// company's name, so it has no accessible name unless it stands alone.

/** The hues a mark is drawn in: every pair keeps its shapes at 3:1 or more against the tint in both modes. */
const HUES = [0, 20, 150, 170, 190, 210, 230, 255, 280, 305, 330] as const;

/** FNV-1a over the name as people read it (case and spacing aside). */
function hashOf(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name.trim().toLowerCase().replace(/\s+/g, ' ')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// The shapes on a 40x40 square: `a` in the main hue, `b` in the accent hue.
const PATTERNS: ((a: string, b: string) => ReactElement[])[] = [
  (a, b) => [<circle key="1" className={a} cx="16" cy="16" r="10" />, <rect key="2" className={b} x="22" y="22" width="12" height="12" />],
  (a, b) => [<circle key="1" className={a} cx="15" cy="20" r="9" />, <circle key="2" className={b} cx="26" cy="20" r="7" />],
  (a, b) => [<path key="1" className={a} d="M6 32 20 7 34 32Z" />, <circle key="2" className={b} cx="20" cy="25" r="5" />],
  (a, b) => [
    <path key="1" className={a} d="M6 6h22A22 22 0 0 1 6 28Z" />,
    <rect key="2" className={b} x="22" y="26" width="12" height="8" />,
  ],
  (a, b) => [<path key="1" className={a} d="M20 5 35 20 20 35 5 20Z" />, <circle key="2" className={b} cx="20" cy="20" r="5" />],
  (a, b) => [
    <rect key="1" className={a} x="7" y="7" width="7" height="26" />,
    <rect key="2" className={b} x="17" y="13" width="7" height="20" />,
    <rect key="3" className={a} x="27" y="19" width="7" height="14" />,
  ],
  (a, b) => [
    <rect key="1" className={a} x="6" y="6" width="13" height="13" />,
    <circle key="2" className={b} cx="27" cy="27" r="7" />,
    <rect key="3" className={b} x="21" y="6" width="13" height="13" />,
  ],
  (a, b) => [<path key="1" className={a} d="M6 34V20a14 14 0 0 1 28 0v14Z" />, <circle key="2" className={b} cx="20" cy="12" r="5" />],
];

/** The mark's parts for a name: its hues, its pattern and how far it is turned. Deterministic. */
export function markOf(name: string): { hue: number; accent: number; pattern: number; turn: number } {
  const h = hashOf(name);
  const hue = h % HUES.length;
  const step = 1 + ((h >>> 4) % (HUES.length - 1));
  return {
    hue: HUES[hue]!,
    accent: HUES[(hue + step) % HUES.length]!,
    pattern: (h >>> 8) % PATTERNS.length,
    turn: ((h >>> 12) % 4) * 90,
  };
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
  if (logo)
    return <img className="company-logo" src={logo} alt={alone ? name : ''} width={size} height={size} loading="lazy" decoding="async" />;
  const m = markOf(name);
  const shapes = PATTERNS[m.pattern]!('m1', 'm2');
  return (
    <svg
      className="company-logo company-mark"
      viewBox="0 0 40 40"
      width={size}
      height={size}
      style={{ '--mh': m.hue, '--ma': m.accent } as CSSProperties}
      focusable="false"
      aria-hidden={!alone || undefined}
      role={alone ? 'img' : undefined}
      aria-label={alone ? name : undefined}
    >
      {m.turn ? <g transform={`rotate(${m.turn} 20 20)`}>{shapes}</g> : shapes}
    </svg>
  );
}
