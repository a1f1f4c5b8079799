import { Link } from "react-router-dom";
import { NOT_FOUND_TITLE } from "../../lib/notFound";
import { useT } from "../../lib/i18n";
import "../../styles/content.css";

/** The not-found page, with its exact title and text. */
export default function NotFoundPage() {
  const t = useT();
  return (
    <div className="container not-found">
      <h1>{t(NOT_FOUND_TITLE)}</h1>
      <p>{t("Did you forget to add the page to the router?")}</p>
      <p>
        <Link to="/" className="btn">
          {t("Go to the home page")}
        </Link>
      </p>
    </div>
  );
}
