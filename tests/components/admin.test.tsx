// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminFlowerDto } from "../../shared/schemas/admin";
import { AdminPager } from "../../public-web/components/admin/AdminPager";
import { BulkUploadPanel } from "../../public-web/components/admin/BulkUploadPanel";
import { duplicatesText } from "../../public-web/components/admin/DuplicatesNotice";
import { FlowerCard } from "../../public-web/components/admin/FlowerCard";
import { ListControls } from "../../public-web/components/admin/ListControls";
import { ModerationSection, type ListPage } from "../../public-web/components/admin/ModerationSection";
import { CsvImportPanel } from "../../public-web/components/admin/CsvImportPanel";
import { CsvImportTab } from "../../public-web/pages/admin/tabs/ToolTabs";
import { useSession } from "../../public-web/stores/session";
import { BULK_BODY_LIMIT } from "../../shared/constants";
import { BULK_TOO_LARGE } from "../../shared/messages";

/**
 * The admin components on their own (React Testing Library in happy-dom):
 * what a browser run would be heavier than needed for. No server: the
 * components take props and call back.
 */

afterEach(cleanup);

const flower = (id: number, name: string, approved = false): AdminFlowerDto => ({
  id,
  version: 1,
  approved,
  createdAt: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z",
  parentName: null,
  email: null,
  babyFirstName: name,
  babyMiddleName: null,
  babyLastName: "Lee",
  lossDate: null,
  flowerType: "lily",
  emailUpdates: false,
});

const page = (items: AdminFlowerDto[], total = items.length): ListPage<AdminFlowerDto> => ({
  items,
  total,
  page: 1,
  pageSize: 20,
  loading: false,
  onPage: () => undefined,
});

describe("FlowerCard", () => {
  it("shows the flower's ID and names the item in every button", () => {
    render(<FlowerCard item={flower(42, "Grace")} onApprove={() => undefined} onDecline={() => undefined} onEdit={() => undefined} />);
    expect(screen.getByText("ID 42")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Approve the memorial flower for Grace Lee" }).textContent).toBe("Approve");
    expect(screen.getByRole("button", { name: "Decline the memorial flower for Grace Lee" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit the memorial flower for Grace Lee" })).toBeTruthy();
  });
});

describe("ModerationSection", () => {
  function Harness({ start }: { start: AdminFlowerDto[] }) {
    const [items, setItems] = useState(start);
    const [actedOn, setActedOn] = useState<number | null>(null);
    return (
      <ModerationSection
        noun="memorial flowers"
        pending={page(items)}
        approved={page([])}
        pendingEmpty="No pending memorial flowers."
        approvedEmpty="No approved memorial flowers yet."
        actedOn={actedOn}
        renderItem={(item) => (
          <FlowerCard
            item={item}
            onApprove={() => {
              setActedOn(item.id);
              setItems((all) => all.filter((f) => f.id !== item.id));
            }}
          />
        )}
      />
    );
  }

  it("moves focus to the item that takes the place of the one acted on, then to the heading", async () => {
    render(<Harness start={[flower(3, "Anna"), flower(2, "Bea"), flower(1, "Clare")]} />);
    fireEvent.click(screen.getByRole("button", { name: "Approve the memorial flower for Bea Lee" }));
    await waitFor(() => expect(document.activeElement?.getAttribute("data-item-id")).toBe("1"));
    fireEvent.click(screen.getByRole("button", { name: "Approve the memorial flower for Clare Lee" }));
    await waitFor(() => expect(document.activeElement?.getAttribute("data-item-id")).toBe("3"));
    fireEvent.click(screen.getByRole("button", { name: "Approve the memorial flower for Anna Lee" }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Pending Approval (0)"));
  });
});

describe("AdminPager", () => {
  it("says where the list is and pages forward and back; hidden when one page holds all", () => {
    const onPage = vi.fn();
    const { rerender } = render(<AdminPager label="Approved memorial flowers" page={2} pageSize={20} total={100_000} onPage={onPage} />);
    expect(screen.getByText("21–40 of 100,000")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next page of approved memorial flowers" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous page of approved memorial flowers" }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
    rerender(<AdminPager label="Approved memorial flowers" page={1} pageSize={20} total={20} onPage={onPage} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});

describe("ListControls", () => {
  it("applies a search on submit and a flower type at once, and clears both", () => {
    const onApply = vi.fn();
    render(<ListControls noun="memorial flowers" withType onApply={onApply} />);
    fireEvent.change(screen.getByLabelText("Search by name or ID"), { target: { value: "grace" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    fireEvent.change(screen.getByLabelText("Flower type"), { target: { value: "marigold" } });
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onApply.mock.calls).toEqual([[{ q: "grace", type: "" }], [{ q: "grace", type: "marigold" }], [{ q: "", type: "" }]]);
  });
});

describe("BulkUploadPanel duplicates", () => {
  it("words the warning in the singular and the plural", () => {
    expect(duplicatesText(1)).toBe("1 row matches a flower already in the garden");
    expect(duplicatesText(12)).toBe("12 rows match flowers already in the garden");
  });

  it("warns about rows already in the garden and leaves them out of the upload unless told otherwise", async () => {
    const onUpload = vi.fn(async (_flowers: unknown[]) => "Successfully uploaded 1 memorial flower.");
    const findDuplicates = vi.fn(async () => [0, 1]);
    render(<BulkUploadPanel onUpload={onUpload} onUpdate={async () => ""} findDuplicates={findDuplicates} />);
    fireEvent.change(screen.getByLabelText("CSV data"), { target: { value: "Anna,,Lee,,Lily\nBea,,Lee,,Lily\nNew,,Lee,,Lily\n" } });
    await screen.findByText("2 rows match flowers already in the garden", {}, { timeout: 3000 });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Upload" })));
    expect(onUpload.mock.calls[0]![0]).toEqual([{ babyFirstName: "New", babyMiddleName: null, babyLastName: "Lee", lossDate: null, flowerType: "lily" }]);

    fireEvent.click(screen.getByLabelText("Skip them when uploading"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Upload" })));
    expect(onUpload.mock.calls[1]![0]).toHaveLength(3);
  });
});

describe("BulkUploadPanel upload keys", () => {
  it("sends the same key when Upload is pressed again on the same rows, and a new one for other rows", async () => {
    const onUpload = vi.fn(async (_flowers: unknown[], _key: string) => "Successfully uploaded 2 memorial flowers.");
    const findDuplicates = vi.fn(async () => [1]);
    render(<BulkUploadPanel onUpload={onUpload} onUpdate={async () => ""} findDuplicates={findDuplicates} />);
    fireEvent.change(screen.getByLabelText("CSV data"), { target: { value: "Anna,,Lee,,Lily\nBea,,Lee,,Lily\n" } });
    await screen.findByText("1 row matches a flower already in the garden", {}, { timeout: 3000 });
    const press = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Upload" })));
    await press();
    await press();
    fireEvent.click(screen.getByLabelText("Skip it when uploading"));
    await press();
    fireEvent.change(screen.getByLabelText("CSV data"), { target: { value: "Cara,,Lee,,Lily\n" } });
    await waitFor(() => expect(findDuplicates).toHaveBeenCalledTimes(2), { timeout: 3000 });
    await press();

    const keys = onUpload.mock.calls.map(([, key]) => key);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
  });
});

describe("BulkUploadPanel files", () => {
  it("answers Update pressed right after a file is chosen, before its bytes have been read", async () => {
    const onNotice = vi.fn();
    const onUpdate = vi.fn(async () => "Updated.");
    render(<BulkUploadPanel onUpload={async () => ""} onUpdate={onUpdate} onNotice={onNotice} />);
    // A file whose bytes take a moment to come, as a large or slow file's do.
    const file = new File(["First Name,Flower Type\nNoid,Lily\n"], "no-ids.csv", { type: "text/csv" });
    const bytes = await file.arrayBuffer();
    file.arrayBuffer = () => new Promise((resolve) => setTimeout(() => resolve(bytes), 50));
    const input = screen.getByLabelText("Or choose a CSV file");
    Object.defineProperty(input, "files", { value: [file] });
    await act(async () => {
      fireEvent.change(input);
      fireEvent.click(screen.getByRole("button", { name: "Update" }));
    });
    await waitFor(() => expect(onNotice).toHaveBeenCalledWith({ title: "Missing IDs", message: "All entries must have an ID for bulk updates." }), {
      timeout: 3000,
    });
    expect(onUpdate).not.toHaveBeenCalled();
  });
});

describe("BulkUploadPanel, a file larger than the server takes", () => {
  it("is refused when chosen, with the shared limit's sentence, and nothing is sent", async () => {
    const onNotice = vi.fn();
    const onUpdate = vi.fn(async () => "Updated.");
    render(<BulkUploadPanel onUpload={async () => ""} onUpdate={onUpdate} onNotice={onNotice} />);
    const file = new File(["ID,First Name,Flower Type\n1,Anna,Lily\n"], "garden.csv", { type: "text/csv" });
    Object.defineProperty(file, "size", { value: BULK_BODY_LIMIT.bytes + 1 });
    const input = screen.getByLabelText("Or choose a CSV file");
    Object.defineProperty(input, "files", { value: [file] });
    await act(async () => {
      fireEvent.change(input);
    });
    expect(onNotice).toHaveBeenCalledWith({ title: "File Too Large", message: BULK_TOO_LARGE });
    expect(BULK_TOO_LARGE).toBe("This file is larger than 40 MB, more than the server accepts at once. Please split it into smaller files.");
    fireEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(onUpdate).not.toHaveBeenCalled();
  });
});

describe("CsvImportPanel files", () => {
  it("shows the verdict of the file chosen last, even when an earlier file's bytes come after it", async () => {
    const { container } = render(<CsvImportPanel onImport={async () => Promise.reject(new Error("not sent"))} expectedCount={2} />);
    const header = "First Name,Middle Name,Last Name,Date of Loss,Flower Type";
    const slow = new File(["Name,Flower\nAnna,Lily\n"], "first.csv", { type: "text/csv" });
    const slowBytes = await slow.arrayBuffer();
    slow.arrayBuffer = () => new Promise((resolve) => setTimeout(() => resolve(slowBytes), 150));
    const quick = new File([`${header}\nAnna,,Lee,2020,Lily\nBea,,Lee,2021,Tulip\n`], "second.csv", { type: "text/csv" });
    const input = screen.getByLabelText("CSV file");
    for (const file of [slow, quick]) {
      Object.defineProperty(input, "files", { value: [file], configurable: true });
      fireEvent.change(input);
    }
    await screen.findByText("2 memorial flower entries ready to import.", {}, { timeout: 3000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(container.querySelector(".csv-validity__file")?.textContent).toBe(" · second.csv");
    expect(screen.getByText("2 memorial flower entries ready to import.")).toBeTruthy();
  });
});

describe("CsvImportTab", () => {
  it("expects the count the server told the signed-in administrator, not the product's default", () => {
    useSession.setState({ status: "ready", user: { id: 1, username: "admin", role: "admin", expectedImportCount: 120 } });
    try {
      render(<CsvImportTab />);
      expect(screen.getByText(/and exactly 120 entries\./)).toBeTruthy();
    } finally {
      useSession.setState({ status: "loading", user: null });
    }
  });
});
