import { Link } from "react-router-dom";
import "../../styles/content.css";

/** The not-found page, with its exact title and text. */
export default function NotFoundPage() {
  return (
    <div className="container not-found">
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <p>
        <Link to="/" className="btn">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
