/**
 * Flat-style SVG illustrations for the demo catalogue's product images.
 *
 * drawProductArt(art, variant) returns a standalone 800 x 800 SVG document. `variant` is the index
 * of the image within its product: 0 is the hero view, 1 a stack or group, 2 another angle, so a
 * product's second and third images differ from the first. Output is deterministic and uses only
 * basic shapes and gradients (no text, fonts, scripts or external references).
 *
 * There is no ArtKind for coffee stirrers, so a file whose name contains 'stirrer' is drawn as
 * flat wooden sticks whatever its kind.
 */
import type { ArtKind, SeedArt } from './types.ts';

type Material = SeedArt['material'];

interface Palette {
  base: string;
  light: string;
  dark: string;
  /** Veins, grain and fine detail. */
  line: string;
  /** Outlines. */
  edge: string;
}

const PALETTES: Record<Material, Palette> = {
  areca: { base: '#c8985a', light: '#e2c08b', dark: '#9c6c38', line: '#7d5227', edge: '#8f6232' },
  bagasse: { base: '#eee8d9', light: '#fbf8f1', dark: '#d2cab8', line: '#bdb3a0', edge: '#b5ab97' },
  kraft: { base: '#b88654', light: '#d4a774', dark: '#8e6237', line: '#6f4a27', edge: '#7e5630' },
  wood: { base: '#e6cc9a', light: '#f5e6c6', dark: '#c7a26a', line: '#a98150', edge: '#b08a58' },
};
const WOOD = PALETTES.wood;
const KRAFT = PALETTES.kraft;

const BACKGROUNDS = [
  { bg: '#eef3e6', glow: '#fafcf5', shade: '#d3dcc6', leaf: '#9db58a' },
  { bg: '#f6f0e2', glow: '#fdfbf4', shade: '#e0d5bd', leaf: '#a7b98a' },
  { bg: '#e6efe7', glow: '#f8fbf7', shade: '#cbd9cc', leaf: '#8fae8b' },
] as const;

const MATERIAL_LABELS: Record<Material, string> = {
  areca: 'areca leaf',
  bagasse: 'bagasse',
  kraft: 'kraft paper',
  wood: 'birch wood',
};

const KIND_LABELS: Record<ArtKind, string> = {
  'round-plate': 'round plate',
  'square-plate': 'square plate',
  'partition-plate': 'partition plate',
  container: 'container with lid',
  clamshell: 'clamshell box',
  bowl: 'bowl',
  cup: 'cup',
  spoon: 'spoon',
  fork: 'fork',
  knife: 'knife',
  'cutlery-set': 'cutlery set',
  combo: 'combo pack',
  'meals-tray': 'meals tray',
};

const VIEW_LABELS = ['', ', stacked or grouped', ', another view'] as const;

/** Rounds to one decimal place for compact path data. */
const n = (v: number): string => String(Math.round(v * 10) / 10);

/** Places local-coordinate markup at (x, y) with a uniform scale and optional rotation. */
function at(x: number, y: number, s: number, inner: string, rot = 0): string {
  const r = rot === 0 ? '' : ` rotate(${n(rot)})`;
  const sc = s === 1 ? '' : ` scale(${Math.round(s * 1000) / 1000})`;
  return `<g transform="translate(${n(x)} ${n(y)})${r}${sc}">${inner}</g>`;
}

function ground(x: number, y: number, rx: number, ry: number, color: string): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${color}" opacity=".75"/>`;
}

// ─── Textures ──────────────────────────────────────────────────────────────────

/** Subtle leaf veins across a circle of radius r (areca only). */
function veinsCircle(p: Palette, r: number): string {
  const main = [-0.72, -0.44, -0.16, 0.12, 0.4, 0.66]
    .map((f) => {
      const k = f * r;
      const h = Math.sqrt(r * r - k * k) * 0.88;
      return `M${n(-h)} ${n(k)}Q0 ${n(k - 14)} ${n(h)} ${n(k + 8)}`;
    })
    .join('');
  const fine = [-0.58, -0.3, -0.02, 0.26, 0.53]
    .map((f) => {
      const k = f * r;
      const h = Math.sqrt(r * r - k * k) * 0.7;
      return `M${n(-h)} ${n(k + 4)}Q0 ${n(k - 6)} ${n(h)} ${n(k + 10)}`;
    })
    .join('');
  return (
    `<path d="${main}" fill="none" stroke="${p.line}" stroke-width="2.2" stroke-linecap="round" opacity=".32"/>` +
    `<path d="${fine}" fill="none" stroke="${p.line}" stroke-width="1.2" stroke-linecap="round" opacity=".22"/>`
  );
}

/** Subtle leaf veins across a w x h rectangle centred on the origin (areca only). */
function veinsRect(p: Palette, w: number, h: number): string {
  const d = [-0.8, -0.5, -0.2, 0.1, 0.4, 0.7]
    .map((f) => {
      const y = (f * h) / 2;
      return `M${n(-w / 2)} ${n(y)}Q0 ${n(y - 12)} ${n(w / 2)} ${n(y + 6)}`;
    })
    .join('');
  return `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="2" stroke-linecap="round" opacity=".3"/>`;
}

// ─── Flat items seen from above: plates and trays ──────────────────────────────

type FlatKind = 'round-plate' | 'square-plate' | 'partition-plate' | 'meals-tray';

function flatOutline(kind: FlatKind, attrs: string): string {
  if (kind === 'square-plate') return `<rect x="-240" y="-240" width="480" height="480" rx="44" ${attrs}/>`;
  if (kind === 'meals-tray') return `<rect x="-280" y="-200" width="560" height="400" rx="34" ${attrs}/>`;
  return `<circle r="250" ${attrs}/>`;
}

function flatTop(kind: FlatKind, p: Palette, mat: Material): string {
  const areca = mat === 'areca';
  let s = flatOutline(kind, `fill="url(#sf)" stroke="${p.edge}" stroke-width="3"`);
  if (kind === 'square-plate') {
    s +=
      `<rect x="-192" y="-192" width="384" height="384" rx="26" fill="url(#fl)" stroke="${p.dark}" stroke-width="2" stroke-opacity=".5"/>` +
      `<path d="M-170 -217H150" stroke="${p.light}" stroke-width="9" stroke-linecap="round" opacity=".8"/>`;
    if (areca) s += veinsRect(p, 360, 360);
    return s;
  }
  if (kind === 'meals-tray') {
    const cell = (x: number, y: number, w: number, h: number): string =>
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="url(#fl)" stroke="${p.dark}" stroke-width="2" stroke-opacity=".55"/>`;
    for (let i = 0; i < 4; i++) s += cell(-252 + i * 130, -172, 114, 140);
    s += cell(-252, -14, 504, 186);
    s += `<path d="M-240 -188H220" stroke="${p.light}" stroke-width="8" stroke-linecap="round" opacity=".8"/>`;
    if (areca) s += veinsRect(p, 480, 330);
    return s;
  }
  s +=
    `<circle r="198" fill="url(#fl)" stroke="${p.dark}" stroke-width="2" stroke-opacity=".5"/>` +
    `<path d="M-172 -126A213 213 0 0 1 40 -209" fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round" opacity=".8"/>`;
  if (areca) s += veinsCircle(p, 188);
  if (kind === 'partition-plate') {
    const d = 'M-194 24H194M0 24V-196';
    s +=
      `<path d="${d}" stroke="${p.edge}" stroke-width="18" stroke-linecap="round" opacity=".55"/>` +
      `<path d="${d}" stroke="${p.light}" stroke-width="7" stroke-linecap="round"/>`;
  }
  return s;
}

/** `count` items stacked, seen at an angle. */
function flatStack(kind: FlatKind, p: Palette, mat: Material, count = 5): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    const y = 90 - i * 20;
    s += at(
      0,
      y + 13,
      1,
      `<g transform="scale(1 .5)">${flatOutline(kind, `fill="${p.dark}" stroke="${p.edge}" stroke-width="3"`)}</g>`,
    );
    const top =
      i === count - 1 ? flatTop(kind, p, mat) : flatOutline(kind, `fill="${p.base}" stroke="${p.edge}" stroke-width="3"`);
    s += at(0, y, 1, `<g transform="scale(1 .5)">${top}</g>`);
  }
  return s;
}

/** A single item tilted towards the viewer, showing its thickness. */
function flatAngle(kind: FlatKind, p: Palette, mat: Material): string {
  const t = 'scale(1 .6) rotate(-14)';
  return (
    `<g transform="translate(0 18) ${t}">${flatOutline(kind, `fill="${p.dark}" stroke="${p.edge}" stroke-width="3"`)}</g>` +
    `<g transform="${t}">${flatTop(kind, p, mat)}</g>`
  );
}

// ─── Bowls ─────────────────────────────────────────────────────────────────────

const BOWL_BODY = 'M-210 0A210 52 0 0 0 210 0C205 120 140 185 70 192H-70C-140 185 -205 120 -210 0Z';

/** Front of a bowl (below the rim), with the rim's front lip. */
function bowlFront(p: Palette, mat: Material): string {
  let s =
    `<ellipse cy="192" rx="70" ry="11" fill="${p.dark}"/>` +
    `<path d="${BOWL_BODY}" fill="url(#sd)" stroke="${p.edge}" stroke-width="3"/>` +
    `<path d="M-206 8A206 50 0 0 0 206 8" fill="none" stroke="${p.light}" stroke-width="6" opacity=".7"/>`;
  if (mat === 'areca') {
    s += `<path d="M-150 44Q-130 120 -80 176M-70 54Q-62 130 -30 186M20 56Q24 130 30 188M110 50Q112 120 90 180M170 34Q160 100 130 160" fill="none" stroke="${p.line}" stroke-width="2" opacity=".3"/>`;
  }
  return s;
}

function bowlSide(p: Palette, mat: Material): string {
  return (
    `<ellipse rx="210" ry="52" fill="${p.light}" stroke="${p.edge}" stroke-width="3"/>` +
    `<ellipse cy="3" rx="194" ry="44" fill="url(#in)"/>` +
    bowlFront(p, mat)
  );
}

/** Three nested bowls. */
function bowlNest(p: Palette, mat: Material): string {
  return at(0, -52, 1, bowlSide(p, mat)) + at(0, -26, 1, bowlFront(p, mat)) + bowlFront(p, mat);
}

function bowlTop(p: Palette, mat: Material): string {
  return (
    `<circle r="230" fill="url(#sf)" stroke="${p.edge}" stroke-width="3"/>` +
    `<circle r="200" fill="url(#in)" stroke="${p.dark}" stroke-width="2" stroke-opacity=".5"/>` +
    `<circle cy="12" r="88" fill="${p.base}" opacity=".55"/>` +
    (mat === 'areca' ? veinsCircle(p, 180) : '') +
    `<path d="M-160 -150A220 220 0 0 1 60 -222" fill="none" stroke="${p.light}" stroke-width="9" stroke-linecap="round" opacity=".8"/>`
  );
}

// ─── Cups ──────────────────────────────────────────────────────────────────────

/** Half-width of the cup body at height y (rim at -200 is 120, base at 200 is 84). */
const cupW = (y: number): number => 120 - ((y + 200) * 36) / 400;

function cupFront(p: Palette, mat: Material): string {
  let s =
    `<path d="M-120 -200A120 24 0 0 0 120 -200L84 200A84 16 0 0 1 -84 200Z" fill="url(#sd)" stroke="${p.edge}" stroke-width="3"/>` +
    `<path d="M-117 -194A117 22 0 0 0 117 -194" fill="none" stroke="${p.light}" stroke-width="7" opacity=".8"/>`;
  if (mat === 'kraft') {
    const a = cupW(-70);
    const b = cupW(90);
    s +=
      `<path d="M${n(-a)} -70A${n(a)} 21 0 0 0 ${n(a)} -70L${n(b)} 90A${n(b)} 18 0 0 1 ${n(-b)} 90Z" fill="${p.dark}" opacity=".55"/>` +
      `<path d="M64 -178L46 196" stroke="${p.line}" stroke-width="2" opacity=".3"/>`;
  } else {
    s += `<path d="M${n(-cupW(150))} 150A${n(cupW(150))} 17 0 0 0 ${n(cupW(150))} 150" fill="none" stroke="${p.dark}" stroke-width="3" opacity=".6"/>`;
  }
  return s;
}

function cupSide(p: Palette, mat: Material): string {
  return (
    `<ellipse cy="-200" rx="120" ry="24" fill="${p.light}" stroke="${p.edge}" stroke-width="3"/>` +
    `<ellipse cy="-198" rx="108" ry="19" fill="url(#in)"/>` +
    cupFront(p, mat)
  );
}

/** Five nested cups. */
function cupNest(p: Palette, mat: Material): string {
  let s = at(0, -112, 1, cupSide(p, mat));
  for (let i = 3; i >= 0; i--) s += at(0, -i * 28, 1, cupFront(p, mat));
  return s;
}

// ─── Containers and clamshells ─────────────────────────────────────────────────

/** Rectangular container with its lid on, seen from the front and above. */
function boxClosed(p: Palette): string {
  return (
    `<path d="M-238 -6H238L214 150Q212 162 198 162H-198Q-212 162 -214 150Z" fill="url(#sd)" stroke="${p.edge}" stroke-width="3"/>` +
    `<path d="M-232 30H232" stroke="${p.dark}" stroke-width="3" opacity=".5"/>` +
    `<g transform="translate(0 -72) scale(1 .42)"><rect x="-252" y="-165" width="504" height="330" rx="44" fill="${p.dark}" stroke="${p.edge}" stroke-width="6"/></g>` +
    `<g transform="translate(0 -90) scale(1 .42)"><rect x="-252" y="-165" width="504" height="330" rx="44" fill="url(#fl)" stroke="${p.edge}" stroke-width="6"/>` +
    `<rect x="-200" y="-118" width="400" height="236" rx="30" fill="${p.light}" stroke="${p.dark}" stroke-width="5" stroke-opacity=".6"/></g>`
  );
}

/** Open container from above with its lid set aside behind it. */
function boxOpenTop(p: Palette): string {
  const lid =
    `<rect x="-250" y="-170" width="500" height="340" rx="44" fill="url(#sf)" stroke="${p.edge}" stroke-width="3"/>` +
    `<rect x="-200" y="-122" width="400" height="244" rx="30" fill="${p.light}" stroke="${p.dark}" stroke-width="2" stroke-opacity=".6"/>`;
  const base =
    `<rect x="-240" y="-165" width="480" height="330" rx="40" fill="url(#sf)" stroke="${p.edge}" stroke-width="3"/>` +
    `<rect x="-210" y="-135" width="420" height="270" rx="28" fill="url(#in)"/>` +
    `<rect x="-180" y="-106" width="360" height="212" rx="20" fill="${p.base}" opacity=".6"/>`;
  return at(70, -70, 0.8, lid, 10) + at(-40, 60, 0.82, base, -4);
}

/** Clamshell with its lid swung back on the hinge, showing the inside of base and lid. */
function clamOpen(p: Palette): string {
  return (
    `<path d="M-240 -66L-204 -226Q-201 -236 -190 -236H190Q201 -236 204 -226L240 -66Z" fill="${p.light}" stroke="${p.edge}" stroke-width="3"/>` +
    `<path d="M-212 -70L-182 -208Q-180 -214 -172 -214H172Q180 -214 182 -208L212 -70Z" fill="url(#in)"/>` +
    `<path d="M-178 -84L-156 -182Q-154 -188 -148 -188H148Q154 -188 156 -182L178 -84Z" fill="${p.base}" opacity=".55"/>` +
    `<path d="M-236 71H236L210 182Q208 192 196 192H-196Q-208 192 -210 182Z" fill="url(#sd)" stroke="${p.edge}" stroke-width="3"/>` +
    `<g transform="scale(1 .42)"><rect x="-246" y="-170" width="492" height="340" rx="40" fill="${p.light}" stroke="${p.edge}" stroke-width="6"/>` +
    `<rect x="-218" y="-142" width="436" height="284" rx="28" fill="url(#in)"/>` +
    `<rect x="-186" y="-112" width="372" height="224" rx="20" fill="${p.base}" opacity=".5"/></g>` +
    `<path d="M-210 -70H210" stroke="${p.dark}" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="-22" y="66" width="44" height="24" rx="6" fill="${p.base}" stroke="${p.edge}" stroke-width="3"/>`
  );
}

/** Closed clamshell. */
function clamClosed(p: Palette): string {
  return (
    `<path d="M-232 80H232L210 168Q208 178 196 178H-196Q-208 178 -210 168Z" fill="url(#sd)" stroke="${p.edge}" stroke-width="3"/>` +
    `<path d="M-238 66L-212 -26Q-209 -36 -198 -36H198Q209 -36 212 -26L238 66Z" fill="url(#sd)" stroke="${p.edge}" stroke-width="3"/>` +
    `<g transform="translate(0 -98) scale(1 .42)"><rect x="-206" y="-150" width="412" height="300" rx="40" fill="url(#fl)" stroke="${p.edge}" stroke-width="6"/></g>` +
    `<rect x="-252" y="62" width="504" height="20" rx="9" fill="${p.light}" stroke="${p.edge}" stroke-width="3"/>` +
    `<rect x="-22" y="72" width="44" height="26" rx="6" fill="${p.base}" stroke="${p.edge}" stroke-width="3"/>`
  );
}

/** Clamshell opened flat, seen from above: base on the left, lid on the right. */
function clamFlat(p: Palette): string {
  return (
    `<rect x="-290" y="-170" width="280" height="340" rx="36" fill="url(#sf)" stroke="${p.edge}" stroke-width="3"/>` +
    `<rect x="-262" y="-142" width="224" height="284" rx="24" fill="url(#in)"/>` +
    `<rect x="10" y="-170" width="280" height="340" rx="36" fill="url(#sf)" stroke="${p.edge}" stroke-width="3"/>` +
    `<rect x="42" y="-136" width="216" height="272" rx="26" fill="${p.light}" stroke="${p.dark}" stroke-width="2" stroke-opacity=".6"/>` +
    `<path d="M0 -150V150" stroke="${p.dark}" stroke-width="8" stroke-linecap="round"/>` +
    `<rect x="-300" y="-14" width="20" height="28" rx="6" fill="${p.base}" stroke="${p.edge}" stroke-width="2"/>`
  );
}

// ─── Cutlery (always birch wood, drawn upright, 524 long, centred) ─────────────

type UtensilKind = 'spoon' | 'fork' | 'knife' | 'stirrer';

const HANDLE = 'L17 236Q17 262 0 262Q-17 262 -17 236L-11 -86';

function utensilPath(kind: UtensilKind): string {
  if (kind === 'spoon') {
    return `M0 -262C32 -262 50 -226 50 -180C50 -134 28 -102 11 -86${HANDLE}C-28 -102 -50 -134 -50 -180C-50 -226 -32 -262 0 -262Z`;
  }
  if (kind === 'fork') {
    let d = 'M-46 -150';
    for (let i = 0; i < 4; i++) {
      const l = -46 + i * 25;
      const r = l + 17;
      d += `L${l} -254Q${l} -262 ${n(l + 8.5)} -262Q${r} -262 ${r} -254`;
      if (i < 3) d += `L${r} -198Q${r + 4} -190 ${r + 8} -198`;
    }
    return `${d}L46 -150C46 -118 22 -100 11 -86${HANDLE}C-22 -100 -46 -118 -46 -150Z`;
  }
  if (kind === 'knife') {
    let d = 'M26 -80V-232Q26 -262 0 -262Q-26 -262 -26 -236';
    for (let y = -226; y <= -100; y += 14) d += `L-21 ${y}L-26 ${y + 7}`;
    return `${d}L-26 -90Q-22 -80 -11 -76L-17 236Q-17 262 0 262Q17 262 17 236L11 -76Q22 -72 26 -80Z`;
  }
  return 'M-10 -248Q-10 -262 0 -262Q10 -262 10 -248V248Q10 262 0 262Q-10 262 -10 248Z';
}

function utensil(kind: UtensilKind): string {
  let s = `<path d="${utensilPath(kind)}" fill="url(#wd)" stroke="${WOOD.edge}" stroke-width="2.5" stroke-linejoin="round"/>`;
  if (kind === 'spoon') s += `<ellipse cy="-180" rx="35" ry="60" fill="${WOOD.dark}" opacity=".28"/>`;
  const grain = kind === 'stirrer' ? 'M-3 -230Q-5 0 -2 230M4 -200Q6 0 3 210' : 'M-5 -60Q-7 90 -4 226M5 -40Q7 100 6 200';
  return `${s}<path d="${grain}" fill="none" stroke="${WOOD.line}" stroke-width="1.6" opacity=".45"/>`;
}

function utensilShadow(kind: UtensilKind): string {
  return `<path d="${utensilPath(kind)}" fill="#000" opacity=".08"/>`;
}

/** A utensil lying at (x, y), turned by rot degrees, with a soft drop shadow. */
function lying(kind: UtensilKind, x: number, y: number, rot: number, s: number): string {
  return at(x + 10, y + 14, s, utensilShadow(kind), rot) + at(x, y, s, utensil(kind), rot);
}

/** `count` utensils lying side by side, turned by rot degrees, `gap` apart. */
function row(kinds: UtensilKind[], rot: number, gap: number, s: number): string {
  const r = (rot * Math.PI) / 180;
  const mid = (kinds.length - 1) / 2;
  return kinds.map((k, i) => lying(k, 400 + (i - mid) * gap * Math.cos(r), 400 + (i - mid) * gap * Math.sin(r), rot, s)).join('');
}

/** Utensils fanned from a pivot near their handle ends. */
function fan(kinds: UtensilKind[], px: number, py: number, spread: number, s: number): string {
  const mid = (kinds.length - 1) / 2;
  return kinds
    .map((k, i) => {
      const rot = (i - mid) * spread;
      return `<g transform="translate(${px} ${py}) rotate(${n(rot)}) scale(${s}) translate(0 -250)">${utensil(k)}</g>`;
    })
    .join('');
}

// ─── Compositions ──────────────────────────────────────────────────────────────

type Bg = (typeof BACKGROUNDS)[number];

function drawFlat(kind: FlatKind, p: Palette, mat: Material, v: number, bg: Bg): string {
  if (v === 1) return ground(400, 540, 300, 70, bg.shade) + at(400, 440, 1, flatStack(kind, p, mat));
  if (v === 2) return ground(410, 470, 290, 170, bg.shade) + at(400, 410, 1, flatAngle(kind, p, mat));
  return at(412, 418, 1, flatOutline(kind, 'fill="#000" opacity=".07"')) + at(400, 400, 1, flatTop(kind, p, mat));
}

function drawBowl(p: Palette, mat: Material, v: number, bg: Bg): string {
  if (v === 1) return ground(400, 612, 200, 36, bg.shade) + at(400, 430, 1, bowlNest(p, mat));
  if (v === 2) return at(412, 418, 1, '<circle r="230" fill="#000" opacity=".07"/>') + at(400, 400, 1, bowlTop(p, mat));
  return ground(400, 590, 230, 44, bg.shade) + at(400, 380, 1, bowlSide(p, mat));
}

function drawCup(p: Palette, mat: Material, v: number, bg: Bg): string {
  if (v === 1) return ground(400, 650, 150, 28, bg.shade) + at(400, 450, 1, cupNest(p, mat));
  if (v === 2) {
    let s = ground(400, 640, 330, 40, bg.shade);
    [
      [190, 0.62],
      [400, 0.8],
      [610, 1],
    ].forEach(([x = 0, sc = 1]) => {
      s += at(x, 630 - 200 * sc, sc, cupSide(p, mat));
    });
    return s;
  }
  return ground(400, 640, 160, 30, bg.shade) + at(400, 420, 1, cupSide(p, mat));
}

/** Three closed boxes or clamshells stacked up the middle: the lowest at `bottom`, each next one `step` higher. */
function stackOfThree(item: string, bottom: number, step: number, scale: number): string {
  return [0, 1, 2].map((i) => at(400, bottom - i * step, scale, item)).join('');
}

function drawContainer(p: Palette, v: number, bg: Bg): string {
  if (v === 1) return ground(400, 690, 220, 34, bg.shade) + stackOfThree(boxClosed(p), 600, 149, 0.62);
  if (v === 2) return ground(400, 560, 300, 90, bg.shade) + at(400, 400, 1, boxOpenTop(p));
  return ground(400, 580, 280, 50, bg.shade) + at(400, 420, 1, boxClosed(p));
}

function drawClamshell(p: Palette, v: number, bg: Bg): string {
  if (v === 1) return ground(400, 700, 200, 32, bg.shade) + stackOfThree(clamClosed(p), 600, 137, 0.6);
  if (v === 2)
    return (
      at(410, 414, 1, '<rect x="-290" y="-170" width="580" height="340" rx="36" fill="#000" opacity=".07"/>') +
      at(400, 400, 1, clamFlat(p))
    );
  return ground(400, 640, 270, 46, bg.shade) + at(400, 440, 1, clamOpen(p));
}

function drawUtensil(kind: UtensilKind, v: number): string {
  if (kind === 'stirrer') {
    if (v === 1) return fan(['stirrer', 'stirrer', 'stirrer', 'stirrer', 'stirrer', 'stirrer'], 400, 690, 9, 1);
    return row(['stirrer', 'stirrer', 'stirrer'], v === 2 ? 50 : -35, 44, 1.1);
  }
  if (v === 1) return fan([kind, kind, kind, kind, kind], 400, 690, 15, 0.95);
  if (v === 2) return row([kind, kind, kind], 55, kind === 'spoon' ? 120 : 105, 0.95);
  return lying(kind, 400, 400, -35, 1.15);
}

function drawCutlerySet(v: number, bg: Bg): string {
  if (v === 1) {
    const pouch =
      `<rect x="-120" y="-20" width="240" height="250" rx="14" fill="url(#kr)" stroke="${KRAFT.edge}" stroke-width="3"/>` +
      `<path d="M-120 10H120" stroke="${KRAFT.dark}" stroke-width="3" stroke-dasharray="10 8"/>` +
      `<path d="M-90 200H90" stroke="${KRAFT.light}" stroke-width="6" stroke-linecap="round" opacity=".7"/>`;
    const napkin = '<rect x="-100" y="-60" width="200" height="200" rx="6" fill="#fbfaf6" stroke="#d8d3c6" stroke-width="2"/>';
    return (
      ground(400, 650, 170, 26, bg.shade) +
      at(400, 400, 1, napkin) +
      at(340, 380, 0.85, utensil('fork')) +
      at(400, 370, 0.85, utensil('spoon')) +
      at(460, 380, 0.85, utensil('knife')) +
      at(400, 400, 1, pouch)
    );
  }
  if (v === 2) {
    return row(['fork', 'spoon', 'knife'], -20, 125, 1);
  }
  return fan(['fork', 'spoon', 'knife'], 400, 690, 20, 1);
}

function drawCombo(p: Palette, mat: Material, v: number, bg: Bg): string {
  if (mat === 'kraft') {
    if (v === 1)
      return (
        ground(400, 650, 310, 40, bg.shade) +
        at(290, 500, 0.58, boxClosed(p)) +
        at(290, 361, 0.58, boxClosed(p)) +
        at(580, 470, 0.55, cupNest(p, mat))
      );
    if (v === 2) return at(360, 380, 0.75, boxOpenTop(p)) + lying('fork', 640, 470, 20, 0.7);
    return (
      ground(400, 630, 320, 44, bg.shade) +
      at(300, 480, 0.75, boxClosed(p)) +
      at(590, 480, 0.7, cupSide(p, mat)) +
      lying('fork', 400, 680, -80, 0.55)
    );
  }
  if (v === 1) {
    return (
      ground(330, 470, 190, 60, bg.shade) +
      at(320, 400, 0.62, flatStack('round-plate', p, mat, 3)) +
      ground(560, 640, 130, 24, bg.shade) +
      at(560, 520, 0.58, bowlNest(p, mat)) +
      lying('spoon', 330, 650, -78, 0.5)
    );
  }
  if (v === 2) {
    return (
      at(340, 400, 0.95, '<circle r="250" fill="#000" opacity=".07"/>' + flatTop('round-plate', p, mat)) +
      at(330, 390, 0.5, bowlTop(p, mat)) +
      lying('spoon', 640, 400, 6, 0.62)
    );
  }
  return (
    at(330, 370, 0.92, '<circle cx="12" cy="16" r="250" fill="#000" opacity=".07"/>' + flatTop('round-plate', p, mat)) +
    at(565, 525, 0.56, '<circle cx="12" cy="16" r="230" fill="#000" opacity=".08"/>' + bowlTop(p, mat)) +
    lying('spoon', 250, 640, -62, 0.55)
  );
}

// ─── Document ──────────────────────────────────────────────────────────────────

function leaves(v: number, color: string): string {
  const spot = [
    [712, 716, -20],
    [92, 120, 160],
    [714, 104, 200],
  ][v] ?? [712, 716, -20];
  const [x = 0, y = 0, r = 0] = spot;
  return at(
    x,
    y,
    1,
    `<g fill="${color}" opacity=".55"><path d="M0 0Q32 -42 0 -92Q-32 -42 0 0Z"/><path d="M0 0Q46 -8 72 -50Q26 -46 0 0Z"/><path d="M0 0Q-46 -6 -70 -44Q-24 -42 0 0Z"/></g>`,
    r,
  );
}

function gradients(p: Palette, bg: Bg): Record<string, string> {
  return {
    bgg: `<radialGradient id="bgg" cx=".5" cy=".46" r=".6"><stop offset="0" stop-color="${bg.glow}"/><stop offset="1" stop-color="${bg.bg}"/></radialGradient>`,
    sf: `<radialGradient id="sf" cx=".42" cy=".36" r=".75"><stop offset="0" stop-color="${p.light}"/><stop offset=".6" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></radialGradient>`,
    fl: `<linearGradient id="fl" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.base}"/></linearGradient>`,
    in: `<linearGradient id="in" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.dark}"/><stop offset=".65" stop-color="${p.base}"/><stop offset="1" stop-color="${p.light}"/></linearGradient>`,
    sd: `<linearGradient id="sd"><stop offset="0" stop-color="${p.dark}"/><stop offset=".3" stop-color="${p.base}"/><stop offset=".5" stop-color="${p.light}"/><stop offset=".78" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`,
    wd: `<linearGradient id="wd"><stop offset="0" stop-color="${WOOD.dark}"/><stop offset=".45" stop-color="${WOOD.light}"/><stop offset="1" stop-color="${WOOD.base}"/></linearGradient>`,
    kr: `<linearGradient id="kr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${KRAFT.light}"/><stop offset="1" stop-color="${KRAFT.base}"/></linearGradient>`,
  };
}

/** A standalone 800 x 800 SVG illustration for one product image. */
export function drawProductArt(art: SeedArt, variant: number): string {
  const v = ((Math.trunc(variant) % 3) + 3) % 3;
  const bg = BACKGROUNDS[v] ?? BACKGROUNDS[0];
  const mat = art.material;
  const p = PALETTES[mat];
  const stirrer = art.file.includes('stirrer');
  let body: string;
  if (stirrer) {
    body = drawUtensil('stirrer', v);
  } else {
    switch (art.kind) {
      case 'round-plate':
      case 'square-plate':
      case 'partition-plate':
      case 'meals-tray':
        body = drawFlat(art.kind, p, mat, v, bg);
        break;
      case 'bowl':
        body = drawBowl(p, mat, v, bg);
        break;
      case 'cup':
        body = drawCup(p, mat, v, bg);
        break;
      case 'container':
        body = drawContainer(p, v, bg);
        break;
      case 'clamshell':
        body = drawClamshell(p, v, bg);
        break;
      case 'spoon':
      case 'fork':
      case 'knife':
        body = drawUtensil(art.kind, v);
        break;
      case 'cutlery-set':
        body = drawCutlerySet(v, bg);
        break;
      case 'combo':
        body = drawCombo(p, mat, v, bg);
        break;
    }
  }
  const scene =
    `<rect width="800" height="800" fill="${bg.bg}"/><circle cx="400" cy="400" r="380" fill="url(#bgg)"/>` +
    leaves(v, bg.leaf) +
    body;
  const defs = Object.entries(gradients(p, bg))
    .filter(([id]) => scene.includes(`url(#${id})`))
    .map(([, g]) => g)
    .join('');
  const what = stirrer ? 'birch wood stirrers' : `${MATERIAL_LABELS[mat]} ${KIND_LABELS[art.kind]}`;
  const label = `Illustration: ${what}${VIEW_LABELS[v] ?? ''}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="${label}">` +
    `<defs>${defs}</defs>${scene}</svg>`
  );
}

/** Public URL of a product image file name (without extension). */
export function artUrl(file: string): string {
  return `/images/products/${file}.svg`;
}
