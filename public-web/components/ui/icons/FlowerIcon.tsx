import { Icon } from "./Icon";

/** Four petals around a small centre, like the garden's mark. */
export const FlowerIcon = () => (
  <Icon d="M12 9.5c-2.2-2-2.2-5 0-6 2.2 1 2.2 4 0 6zm0 5c-2.2 2-2.2 5 0 6 2.2-1 2.2-4 0-6zM9.5 12c-2-2.2-5-2.2-6 0 1 2.2 4 2.2 6 0zm5 0c2-2.2 5-2.2 6 0-1 2.2-4 2.2-6 0zM12 10.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z" />
);
