import { Icon } from "./Icon";

/** A letter. */
export const MailIcon = () => <Icon d="M4.5 6.5h15a.5.5 0 0 1 .5.5v10a.5.5 0 0 1-.5.5h-15A.5.5 0 0 1 4 17V7a.5.5 0 0 1 .5-.5zM4.5 7.5l7.5 5.5 7.5-5.5" />;
