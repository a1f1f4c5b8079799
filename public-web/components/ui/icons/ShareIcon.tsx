import { Icon } from "./Icon";

/** A stem rising out of an open hand of leaves. */
export const ShareIcon = () => (
  <Icon d="M12 15c-.5-3.7-.5-7.3 0-11M8.5 7.5 12 4l3.5 3.5M7 11H6a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 6 20h12a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 18 11h-1" />
);
