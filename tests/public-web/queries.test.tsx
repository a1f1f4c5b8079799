// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { seedQueries, useQuery } from "../../public-web/lib/queries";

/**
 * The query cache as the garden uses it: the server renders a view from answers it seeds the cache with,
 * the browser seeds the cache from the same answers in the page and hydrates. The view must hydrate in
 * one render: a second render straight after hydration is a long task on a slow phone.
 */

const KEY = "/api/memorial-flowers/garden?page=1";
const ANSWER = { total: 3, names: ["Grace", "Pio", "Mary"] };

let renders = 0;
let fetched = 0;
function View() {
  renders++;
  const { data, isLoading } = useQuery(KEY, () => {
    fetched++;
    return Promise.resolve(ANSWER);
  });
  const answer = data as typeof ANSWER | undefined;
  return <p>{isLoading ? "Loading" : `${answer?.total} flowers: ${answer?.names.join(", ")}`}</p>;
}

// React's act() environment flag, so hydration and its effects finish inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
  seedQueries({});
});

describe("useQuery with answers the page was sent with", () => {
  it("renders them on the server, and hydrates them with a single render and no request", async () => {
    seedQueries({ [KEY]: ANSWER });
    const container = document.createElement("div");
    container.innerHTML = renderToString(<View />);
    document.body.append(container);
    expect(container.textContent).toBe("3 flowers: Grace, Pio, Mary");

    // The browser: a fresh cache, seeded from the page, then hydration.
    seedQueries({ [KEY]: ANSWER });
    renders = 0;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <View />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe("3 flowers: Grace, Pio, Mary");
    expect(renders).toBe(1);
    expect(fetched).toBe(0);
  });

  it("renders a view the page was not sent with as loading, and asks for it", async () => {
    seedQueries({});
    let asked = 0;
    function Other() {
      const { data, isLoading } = useQuery("/api/other", () => {
        asked++;
        return Promise.resolve("here");
      });
      return <p>{isLoading ? "Loading" : String(data)}</p>;
    }
    const container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<Other />);
    });
    expect(asked).toBe(1);
    expect(container.textContent).toBe("here");
  });
});
