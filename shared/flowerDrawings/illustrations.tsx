import { cloneElement, type ReactElement, type SVGProps } from "react";
import type { FlowerType } from "../flowers";

/**
 * The ten memorial flowers, drawn here as small SVGs (no downloaded
 * pictures). Each returns only shapes on a 120 × 120 canvas; FlowerImage
 * wraps them with the accessible name and the size.
 */

const STEM = "#5b8a4a";
const LEAF = "#7aa95c";
const LEAF_DARK = "#4f7d3f";

/** A gently curved stem with one or two leaves, shared by most flowers. */
function Stem({ top = 62, leaves = 2 }: { top?: number; leaves?: 1 | 2 }) {
  return (
    <>
      <path d={`M60 ${top} C58 ${top + 20} 62 ${top + 36} 60 116`} stroke={STEM} strokeWidth="3.5" fill="none" strokeLinecap="round" />
      <path d="M60 98 C48 96 38 86 36 76 C48 78 58 86 60 98Z" fill={LEAF} />
      {leaves === 2 ? <path d="M61 88 C72 84 82 74 86 64 C74 66 64 76 61 88Z" fill={LEAF_DARK} /> : null}
    </>
  );
}

/**
 * `count` copies of a petal drawn pointing up, turned evenly around (cx, cy). The turn goes on the
 * petal itself, not on a group around it: the wrappers were a third of the drawings' elements, which
 * the browser parses, styles and hydrates wherever a drawing is drawn in place (the home page's
 * picker shows all ten), and which make up the drawing files of the garden.
 */
function Ring({
  count,
  cx,
  cy,
  children,
  offset = 0,
}: {
  count: number;
  cx: number;
  cy: number;
  children: ReactElement<SVGProps<SVGElement>>;
  offset?: number;
}) {
  return Array.from({ length: count }, (_, i) => cloneElement(children, { key: i, transform: `rotate(${offset + (360 / count) * i} ${cx} ${cy})` }));
}

function TulipHead({ outer, inner, edge }: { outer: string; inner: string; edge: string }) {
  return (
    <>
      <path d="M38 40 C36 58 44 70 60 72 C76 70 84 58 82 40 C74 46 68 44 60 30 C52 44 46 46 38 40Z" fill={outer} stroke={edge} strokeWidth="1.2" />
      <path d="M47 44 C47 58 52 66 60 68 C68 66 73 58 73 44 C68 48 64 46 60 36 C56 46 52 48 47 44Z" fill={inner} />
      <path d="M60 36 L60 66" stroke={edge} strokeWidth="1" opacity="0.5" />
    </>
  );
}

const PinkTulip = () => (
  <>
    <Stem top={70} />
    <TulipHead outer="#f2a7c3" inner="#f8cadb" edge="#c96b8f" />
  </>
);

const Tulip = () => (
  <>
    <Stem top={70} />
    <TulipHead outer="#d94f4f" inner="#ec7a6b" edge="#9c2f36" />
  </>
);

const Marigold = () => (
  <>
    <Stem top={60} />
    <Ring count={16} cx={60} cy={42}>
      <ellipse cx="60" cy="22" rx="7" ry="11" fill="#f0a020" stroke="#c9780c" strokeWidth="1" />
    </Ring>
    <Ring count={12} cx={60} cy={42} offset={15}>
      <ellipse cx="60" cy="30" rx="6" ry="9" fill="#f7b733" stroke="#d98d12" strokeWidth="1" />
    </Ring>
    <Ring count={8} cx={60} cy={42} offset={8}>
      <ellipse cx="60" cy="36" rx="5" ry="6" fill="#fbc94c" />
    </Ring>
    <circle cx="60" cy="42" r="5" fill="#d98d12" />
  </>
);

const OxEyeDaisy = () => (
  <>
    <Stem top={64} leaves={1} />
    <Ring count={18} cx={60} cy={44}>
      <ellipse cx="60" cy="25" rx="4.2" ry="14" fill="#ffffff" stroke="#c9c3b6" strokeWidth="0.8" />
    </Ring>
    <circle cx="60" cy="44" r="10" fill="#f2c21b" stroke="#c99a06" strokeWidth="1" />
    <circle cx="57" cy="41" r="3" fill="#f7d85a" />
  </>
);

const CallaLily = () => (
  <>
    <path d="M62 116 C60 96 62 80 64 70" stroke={STEM} strokeWidth="3.5" fill="none" strokeLinecap="round" />
    <path d="M62 112 C44 104 36 90 38 74 C50 84 58 96 62 112Z" fill={LEAF} />
    <path d="M64 72 C46 66 38 44 44 22 C58 24 80 16 90 10 C88 30 84 54 64 72Z" fill="#fbfaf4" stroke="#b9b49a" strokeWidth="1.4" />
    <path d="M64 72 C56 60 54 44 58 30" stroke="#d8d3bd" strokeWidth="1.2" fill="none" />
    <path d="M63 66 C62 56 64 46 68 40" stroke="#e6b822" strokeWidth="5" fill="none" strokeLinecap="round" />
  </>
);

/** One small five-petal flower, for the forget-me-not's cluster. */
function Floret({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  return (
    <>
      <Ring count={5} cx={cx} cy={cy}>
        <circle cx={cx} cy={cy - r} r={r * 0.8} fill="#6fa8dc" stroke="#3f78b0" strokeWidth="0.8" />
      </Ring>
      <circle cx={cx} cy={cy} r={r * 0.45} fill="#f6d743" stroke="#ffffff" strokeWidth="0.8" />
    </>
  );
}

const ForgetMeNot = () => (
  <>
    <Stem top={66} />
    <Floret cx={60} cy={44} r={9} />
    <Floret cx={38} cy={54} r={7} />
    <Floret cx={82} cy={52} r={7} />
    <Floret cx={48} cy={28} r={6} />
    <Floret cx={74} cy={28} r={6} />
    <circle cx="62" cy="64" r="3" fill="#9cc2e6" />
  </>
);

const Periwinkle = () => (
  <>
    <path d="M60 70 C58 86 62 100 60 116" stroke={STEM} strokeWidth="3" fill="none" strokeLinecap="round" />
    <ellipse cx="44" cy="96" rx="14" ry="7" transform="rotate(-25 44 96)" fill={LEAF_DARK} />
    <ellipse cx="76" cy="90" rx="14" ry="7" transform="rotate(25 76 90)" fill={LEAF} />
    <Ring count={5} cx={60} cy={46}>
      <path d="M60 46 C52 38 50 24 58 18 C66 16 74 22 70 30 C68 36 64 40 60 46Z" fill="#8c8fe0" stroke="#5d60b8" strokeWidth="1" />
    </Ring>
    <circle cx="60" cy="46" r="6" fill="#ffffff" />
    <circle cx="60" cy="46" r="2.5" fill="#5d60b8" />
  </>
);

const Lily = () => (
  <>
    <Stem top={66} />
    <Ring count={6} cx={60} cy={46} offset={30}>
      <path d="M60 46 C52 34 54 18 60 10 C66 18 68 34 60 46Z" fill="#fffdf6" stroke="#c7bf9f" strokeWidth="1.2" />
    </Ring>
    <Ring count={6} cx={60} cy={46}>
      <path d="M60 46 L60 26" stroke="#9c9a52" strokeWidth="1" />
    </Ring>
    <Ring count={6} cx={60} cy={46}>
      <ellipse cx="60" cy="25" rx="2" ry="3.5" fill="#d9902b" />
    </Ring>
    <circle cx="60" cy="46" r="3.5" fill="#cfe0a0" />
  </>
);

const Carnation = () => (
  <>
    <Stem top={70} />
    <path d="M52 62 L56 74 L64 74 L68 62Z" fill={LEAF_DARK} />
    <path
      d="M32 50 L36 40 L40 46 L44 32 L49 42 L53 26 L58 38 L62 24 L66 38 L71 26 L75 42 L80 32 L84 46 L88 40 L90 52 C84 64 36 64 32 50Z"
      fill="#e86b8a"
      stroke="#b43f61"
      strokeWidth="1.2"
      strokeLinejoin="round"
    />
    <path d="M40 52 L45 44 L50 52 L55 42 L60 52 L65 42 L70 52 L75 44 L80 52 C72 60 48 60 40 52Z" fill="#f39ab2" />
  </>
);

const PinkRose = () => (
  <>
    <Stem top={66} />
    <circle cx="60" cy="44" r="24" fill="#f5a9bf" stroke="#c9627f" strokeWidth="1.2" />
    <path d="M38 44 C40 62 80 64 82 44 C76 56 44 56 38 44Z" fill="#ea8aa6" />
    <path d="M44 40 C46 26 74 24 76 40 C70 32 52 32 44 40Z" fill="#f7bfd0" stroke="#c9627f" strokeWidth="1" />
    <path d="M60 46 C52 46 50 38 56 34 C62 30 70 34 68 42 C66 48 58 50 54 46" fill="none" stroke="#b5486a" strokeWidth="2" strokeLinecap="round" />
    <path d="M60 42 C58 40 60 37 63 38" fill="none" stroke="#b5486a" strokeWidth="1.6" strokeLinecap="round" />
  </>
);

export const ILLUSTRATIONS: Record<FlowerType, () => ReactElement> = {
  "pink-tulip": PinkTulip,
  marigold: Marigold,
  "ox-eye-daisy": OxEyeDaisy,
  "calla-lily": CallaLily,
  "forget-me-not": ForgetMeNot,
  periwinkle: Periwinkle,
  lily: Lily,
  tulip: Tulip,
  carnation: Carnation,
  "pink-rose": PinkRose,
};
