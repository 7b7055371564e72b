/**
 * The store's product imagery, drawn as SVG: an amber 30 g bottle with a black ribbed cap and a
 * cream label, alone or as the 3-pack. Pure string builders; rendering lives in product-images.ts.
 */

const FONT = "'Arial Black', 'Helvetica Neue', Arial, Helvetica, sans-serif";

/** Shared gradients, referenced by every bottle. */
export const DEFS = `
  <linearGradient id="glass" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="#3b1a05"/>
    <stop offset="0.18" stop-color="#7a3c0c"/>
    <stop offset="0.42" stop-color="#a75a14"/>
    <stop offset="0.62" stop-color="#8a4610"/>
    <stop offset="1" stop-color="#2e1404"/>
  </linearGradient>
  <linearGradient id="cap" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="#050505"/>
    <stop offset="0.35" stop-color="#3a3a3a"/>
    <stop offset="0.55" stop-color="#1c1c1c"/>
    <stop offset="1" stop-color="#030303"/>
  </linearGradient>
  <linearGradient id="label" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="#cfc6b6"/>
    <stop offset="0.25" stop-color="#f7f2e8"/>
    <stop offset="0.6" stop-color="#fffdf8"/>
    <stop offset="1" stop-color="#bdb3a2"/>
  </linearGradient>
  <linearGradient id="shine" x1="0" x2="0" y1="0" y2="1">
    <stop offset="0" stop-color="#fff" stop-opacity="0.55"/>
    <stop offset="1" stop-color="#fff" stop-opacity="0.05"/>
  </linearGradient>
  <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#000" stop-opacity="0.38"/>
    <stop offset="1" stop-color="#000" stop-opacity="0"/>
  </radialGradient>`;

/**
 * One bottle, drawn in a 400 × 640 box whose bottom centre is the floor point (200, 640),
 * placed at (x, y) = that floor point, scaled by s.
 */
export function bottle(x: number, y: number, s: number): string {
  const ribs = Array.from({ length: 13 }, (_, i) => {
    const rx = 92 + i * 17.5;
    return `<rect x="${rx}" y="20" width="6" height="150" rx="3" fill="#000" opacity="0.35"/>`;
  }).join('');
  return `
  <g transform="translate(${x - 200 * s} ${y - 640 * s}) scale(${s})">
    <ellipse cx="200" cy="636" rx="190" ry="22" fill="url(#shadow)"/>
    <!-- glass body with rounded shoulders -->
    <path d="M118 200 L282 200 Q300 200 300 222 L300 236 Q352 250 356 312 L356 588 Q356 632 312 636 L88 636 Q44 632 44 588 L44 312 Q48 250 100 236 L100 222 Q100 200 118 200 Z" fill="url(#glass)"/>
    <path d="M64 318 Q66 262 112 250 L112 600 Q64 596 64 560 Z" fill="url(#shine)" opacity="0.45"/>
    <rect x="300" y="300" width="18" height="300" rx="9" fill="#fff" opacity="0.10"/>
    <!-- cap -->
    <rect x="80" y="14" width="240" height="196" rx="18" fill="url(#cap)"/>
    ${ribs}
    <rect x="80" y="14" width="240" height="22" rx="11" fill="#4a4a4a" opacity="0.7"/>
    <rect x="74" y="188" width="252" height="26" rx="8" fill="#111"/>
    <!-- label -->
    <rect x="44" y="330" width="312" height="238" fill="url(#label)"/>
    <rect x="44" y="330" width="312" height="14" fill="#e0a020"/>
    <rect x="44" y="554" width="312" height="14" fill="#e0a020"/>
    <text x="200" y="408" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="50" letter-spacing="2" fill="#111">IRONWAKE</text>
    <rect x="108" y="424" width="184" height="4" fill="#111"/>
    <text x="200" y="466" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="27" letter-spacing="3" fill="#b8590b">SMELLING SALTS</text>
    <text x="200" y="502" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="17" letter-spacing="2" fill="#333">PRE-ACTIVATED AMMONIA</text>
    <text x="200" y="536" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="17" fill="#555">30 g / 1.05 oz</text>
  </g>`;
}

function studio(size: number): string {
  return `
  <radialGradient id="bg" cx="0.5" cy="0.38" r="0.75">
    <stop offset="0" stop-color="#fbf8f3"/>
    <stop offset="0.6" stop-color="#ece6dc"/>
    <stop offset="1" stop-color="#d9d1c4"/>
  </radialGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#bg)"/>
  <rect y="${size * 0.78}" width="${size}" height="${size * 0.22}" fill="#d6cdbf" opacity="0.45"/>`;
}

export function singleSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1200" width="1200" height="1200"><defs>${DEFS}${studio(1200)}
  ${bottle(600, 1020, 1.3)}
</svg>`;
}

export function threePackSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1200" width="1200" height="1200"><defs>${DEFS}${studio(1200)}
  ${bottle(355, 930, 0.98)}
  ${bottle(845, 930, 0.98)}
  ${bottle(600, 1040, 1.08)}
  <g transform="translate(600 160)">
    <rect x="-150" y="-52" width="300" height="92" rx="46" fill="#111"/>
    <text x="0" y="16" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="50" letter-spacing="4" fill="#f0b429">3-PACK</text>
  </g>
</svg>`;
}

export function faviconArt(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <rect width="64" height="64" rx="14" fill="#111"/>
  <rect x="21" y="8" width="22" height="13" rx="3" fill="#f0b429"/>
  <path d="M20 23 H44 Q52 25 52 34 V50 Q52 56 46 56 H18 Q12 56 12 50 V34 Q12 25 20 23 Z" fill="#c2671a"/>
  <rect x="12" y="35" width="40" height="12" fill="#fbf8f3"/>
  <rect x="12" y="35" width="40" height="2.5" fill="#f0b429"/>
</svg>`;
}

export function ogArt(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><defs>${DEFS}
  <radialGradient id="ogbg" cx="0.7" cy="0.5" r="0.8">
    <stop offset="0" stop-color="#2a2119"/>
    <stop offset="1" stop-color="#0f0f10"/>
  </radialGradient></defs>
  <rect width="1200" height="630" fill="url(#ogbg)"/>
  <text x="80" y="250" font-family="${FONT}" font-weight="900" font-size="92" letter-spacing="4" fill="#fff">IRONWAKE</text>
  <rect x="84" y="282" width="150" height="8" fill="#f0b429"/>
  <text x="80" y="360" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="40" fill="#e9e2d6">Pre-activated smelling salts</text>
  <text x="80" y="420" font-family="Arial, Helvetica, sans-serif" font-size="30" fill="#b9b0a2">Single bottle and 3-pack · ships in 1-2 days</text>
  ${bottle(820, 560, 0.62)}
  ${bottle(1050, 560, 0.62)}
  ${bottle(935, 600, 0.7)}
</svg>`;
}
