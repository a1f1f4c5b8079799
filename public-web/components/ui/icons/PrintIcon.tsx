import { Icon } from "./Icon";

/** A printer with its sheet. */
export const PrintIcon = () => (
  <Icon d="M7 9V4.5h10V9M7 17H5.5A1.5 1.5 0 0 1 4 15.5v-5A1.5 1.5 0 0 1 5.5 9h13a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5H17M7.5 14h9v5.5h-9z" />
);
