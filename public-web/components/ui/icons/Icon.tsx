/**
 * The icons of the site, the web admin and the desktop app, drawn like the garden's flowers: soft
 * curved strokes with round ends, in the text's colour. Each is decorative (aria-hidden): the words
 * beside it, visible or visually hidden, name the control. Stroke, size and alignment are in
 * styles/icons.css, so an icon here is a single path. This module holds the base and the icons every
 * page's first load draws (the header, the notices, the home page's cards); the others live beside it,
 * one module each, so a page carries only the paths it draws.
 */
export function Icon({ d }: { d: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/** Three stems, gently bowed. */
export const MenuIcon = () => <Icon d="M4 7c5-1 11-1 16 0M4 12h16M4 17c5 1 11 1 16 0" />;

/** Two soft crossing curves. */
export const CloseIcon = () => <Icon d="M6 6c4 3.5 8 7.5 12 12M18 6c-3.5 4-7.5 8-12 12" />;

/** A plain Latin cross, for prayer. */
export const CrossIcon = () => <Icon d="M12 3v18M7 8h10" />;

/** A heart, for companionship. */
export const HeartIcon = () => <Icon d="M12 20c-5-3-8-6-8-10a4 4 0 0 1 8-2 4 4 0 0 1 8 2c0 4-3 7-8 10z" />;

/** A leaf on its stem, for guidance and growth. */
export const LeafIcon = () => <Icon d="M5 19C5 11 10 6 19 5c0 9-5 14-14 14zm0 0c3-4 6-6 9-8" />;
