import { create } from "zustand";

export type AdminTabId = "testimonials" | "flowers" | "comments" | "csv-import" | "bulk-upload" | "assistance" | "activity" | "emails";

/** Which dashboard tab is shown; kept across visits within one page load. */
interface AdminUiState {
  tab: AdminTabId;
  setTab(tab: AdminTabId): void;
}

export const useAdminUi = create<AdminUiState>()((set) => ({
  tab: "testimonials",
  setTab: (tab) => set({ tab }),
}));
