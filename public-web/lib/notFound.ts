import { msg } from "../../shared/i18n/translate";

/** The not-found page's heading, also its title: in a module of its own, as the routes load that page lazily. */
export const NOT_FOUND_TITLE = msg("404 Page Not Found");
