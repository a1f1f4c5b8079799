import { Icon } from "./Icon";

/** A soft tick. */
export const CheckIcon = () => <Icon d="M5 12.5c1.8 1.3 3.3 2.9 4.5 5 2.4-4.8 5.6-8.5 9.5-11" />;
