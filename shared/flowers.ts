/**
 * The ten memorial flowers of the Garden of Remembrance, in the
 * order the garden shows them. Every screen, the server and the CSV readers
 * read them from here.
 */
export const FLOWER_TYPES = [
  "pink-tulip",
  "marigold",
  "ox-eye-daisy",
  "calla-lily",
  "forget-me-not",
  "periwinkle",
  "lily",
  "tulip",
  "carnation",
  "pink-rose",
] as const;

export type FlowerType = (typeof FLOWER_TYPES)[number];

export interface FlowerInfo {
  type: FlowerType;
  /** Label shown to visitors, e.g. "Pink Tulip". */
  label: string;
  /** Its Marian name, e.g. "Mary's Prayer". */
  meaning: string;
  /** The name the strict reset-and-import CSV uses in its Flower Type column. */
  importName: string;
  /** A short note on what the flower has come to stand for. */
  symbolism: string;
}

export const FLOWERS: readonly FlowerInfo[] = [
  {
    type: "pink-tulip",
    label: "Pink Tulip",
    meaning: "Mary's Prayer",
    importName: "Pink Tulip",
    symbolism: "A gentle pink cup lifted toward the sky, like hands joined in prayer. It speaks of tender love and of a mother's prayer that never ends.",
  },
  {
    type: "marigold",
    label: "Marigold",
    meaning: "Mary's Gold",
    importName: "Marigold",
    symbolism: "Its warm golden petals were once laid before images of Our Lady in place of coins. It honours a child more precious than any treasure.",
  },
  {
    type: "ox-eye-daisy",
    label: "Ox-Eye Daisy",
    meaning: "Mary's Star",
    importName: "Ox-Eye Daisy",
    symbolism: "A bright centre ringed with white, like a small star in the meadow. It recalls innocence, and the light that guides us home.",
  },
  {
    type: "calla-lily",
    label: "Calla Lily",
    meaning: "St. Joseph's Staff",
    importName: "Calla Lily",
    symbolism: "Tall and quietly graceful, it recalls the staff of Saint Joseph, protector of the Holy Family and of every little one.",
  },
  {
    type: "forget-me-not",
    label: "Forget-Me-Not",
    meaning: "Eyes of Mary",
    importName: "Forget Me Not",
    symbolism: "Tiny blue flowers said to hold the colour of Our Lady's eyes. They promise that your baby is remembered, always.",
  },
  {
    type: "periwinkle",
    label: "Periwinkle",
    meaning: "Virgin Flower",
    importName: "Periwinkle",
    symbolism: "A faithful evergreen that blooms even in the shade. It speaks of purity and of love that stays through every season.",
  },
  {
    type: "lily",
    label: "Lily",
    meaning: "Mary's Lily",
    importName: "Lily",
    symbolism: "The white lily of the Annunciation, a sign of purity and of new life. It holds the hope of the Resurrection.",
  },
  {
    type: "tulip",
    label: "Tulip",
    meaning: "Mary's Prayer",
    importName: "Tulip",
    symbolism: "Opening with the spring, the tulip is a prayer of hope: that every life, however short, is held in God's hands.",
  },
  {
    type: "carnation",
    label: "Carnation",
    meaning: "Mary's Love of God",
    importName: "Carnation",
    symbolism: "Tradition tells that carnations sprang up where Our Lady's tears fell. It stands for a mother's undying love.",
  },
  {
    type: "pink-rose",
    label: "Pink Rose",
    meaning: "Holy Mary, Mystical Rose",
    importName: "Pink Rose",
    symbolism: "The rose has long been Our Lady's flower. Its soft pink speaks of gratitude, grace and a love that time does not fade.",
  },
];

const byType = new Map<string, FlowerInfo>(FLOWERS.map((f) => [f.type, f]));

/** The flower's details, or undefined for an unknown type. */
export function findFlower(type: string): FlowerInfo | undefined {
  return byType.get(type);
}
const byImportName = new Map<string, FlowerInfo>(FLOWERS.map((f) => [f.importName, f]));

/** True when the value is one of the ten flower types. */
export function isFlowerType(value: unknown): value is FlowerType {
  return typeof value === "string" && byType.has(value);
}

/**
 * Label and meaning to show for any stored type. An unknown type falls back to
 * a capitalised name and the meaning "Memorial"; the picture of an
 * unknown type is the carnation's, labelled "Flower".
 */
export function describeFlower(type: string): { label: string; meaning: string; imageType: FlowerType } {
  const known = byType.get(type);
  if (known) return { label: known.label, meaning: known.meaning, imageType: known.type };
  return { label: capitalise(type) || "Flower", meaning: "Memorial", imageType: "carnation" };
}

/** The type of a strict-import display name ("Forget Me Not" → "forget-me-not"), if it is one. */
export function flowerTypeFromImportName(name: string): FlowerType | undefined {
  return byImportName.get(name.trim())?.type;
}

/** Flexible CSV rule: lowercased, spaces turned into hyphens. */
export function normaliseFlowerType(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, "-");
}

function capitalise(type: string): string {
  return type
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
