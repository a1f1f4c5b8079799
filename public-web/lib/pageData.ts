import { createContext, useContext } from "react";
import type { PageData, PostedForm, VisitorFormKind } from "../../shared/visitorForms";

/**
 * What the server rendered this page with besides the configuration: the
 * answer to a form sent without JavaScript, or the memorial a comment is
 * being written for. It belongs to the first page shown only; the App drops
 * it once the visitor moves on.
 */
export const PageDataContext = createContext<PageData>({});

export const usePageData = (): PageData => useContext(PageDataContext);

/** The server's answer to this form's plain post, if the page was rendered with one. */
export function usePostedForm(kind: VisitorFormKind): PostedForm | undefined {
  const { form } = usePageData();
  return form?.kind === kind ? form : undefined;
}

/** Reads the data block the server embedded (none on most pages). */
export function readPageData(): PageData {
  const block = typeof document !== "undefined" ? document.getElementById("page-data") : null;
  if (!block?.textContent) return {};
  try {
    return JSON.parse(block.textContent) as PageData;
  } catch {
    return {};
  }
}
