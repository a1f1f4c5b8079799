/**
 * The messages visitors may leave on a memorial flower. Visitors choose one;
 * they never write free text. Scripture is from the Douay-Rheims Bible
 * (public domain).
 */
export const COMMENT_LIBRARY_SEED: { text: string; category: "standard" | "biblical" }[] = [
  { category: "standard", text: "Your little one is remembered with love." },
  { category: "standard", text: "Holding your family close in prayer today." },
  { category: "standard", text: "So loved, so missed, never forgotten." },
  { category: "standard", text: "Praying for peace and comfort for your whole family." },
  { category: "standard", text: "A short life that left a lasting mark on many hearts." },
  { category: "standard", text: "You are not alone. We grieve with you." },
  { category: "standard", text: "Sending gentle thoughts and quiet prayers your way." },
  { category: "standard", text: "Your baby's name is spoken here with tenderness." },
  { category: "standard", text: "May Our Lady wrap you in her mantle of comfort." },
  { category: "standard", text: "Thinking of you, and of the love that will always be yours." },
  { category: "standard", text: "Every life is precious. Your baby's life mattered." },
  { category: "standard", text: "With heartfelt sympathy and a promise of prayer." },
  { category: "standard", text: "Lighting a candle in memory of your little one." },
  { category: "biblical", text: "Blessed are they that mourn: for they shall be comforted. (Matthew 5:5)" },
  { category: "biblical", text: "The Lord is nigh unto them that are of a contrite heart. (Psalm 33:19)" },
  { category: "biblical", text: "Before I formed thee in the bowels of thy mother, I knew thee. (Jeremias 1:5)" },
  { category: "biblical", text: "God shall wipe away all tears from their eyes. (Apocalypse 21:4)" },
  { category: "biblical", text: "Suffer the little children, and forbid them not to come to me. (Matthew 19:14)" },
  { category: "biblical", text: "Come to me, all you that labour, and are burdened, and I will refresh you. (Matthew 11:28)" },
  { category: "biblical", text: "He healeth the broken of heart, and bindeth up their bruises. (Psalm 146:3)" },
  { category: "biblical", text: "Peace I leave with you, my peace I give unto you. (John 14:27)" },
  { category: "biblical", text: "Your sorrow shall be turned into joy. (John 16:20)" },
  { category: "biblical", text: "I am the resurrection and the life. (John 11:25)" },
  { category: "biblical", text: "The Lord is my ruler, and I shall want nothing. (Psalm 22:1)" },
  { category: "biblical", text: "In my Father's house there are many mansions. (John 14:2)" },
];
