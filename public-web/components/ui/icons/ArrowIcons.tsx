import { Icon } from "./Icon";

/** Back: a bowed stem pointing left. */
export const ArrowLeftIcon = () => <Icon d="M19.5 12c-5-.8-10-.8-15 0M9.5 7 4.5 12l5 5" />;

/** Forward: a bowed stem pointing right. */
export const ArrowRightIcon = () => <Icon d="M4.5 12c5-.8 10-.8 15 0M14.5 7l5 5-5 5" />;
