import { useRef, useState } from "react";
import { ActivityList, AssistanceList, BulkUploadPanel, CsvImportPanel, EmailsPanel } from "../../../components/admin";
import { AdminPager } from "../../../components/admin/AdminPager";
import { Spinner } from "../../../components/ui/Spinner";
import type { FlowerEntry, MessageDto } from "../../../../shared/schemas/admin";
import { IDEMPOTENCY_KEY_HEADER, newUploadKey, REPLAYED_HEADER } from "../../../../shared/schemas/admin";
import { UpdateComposer, type ComposedUpdate } from "../../../components/admin/UpdateComposer";
import type { AdminAssistanceDto, OutboxMessageDto } from "../../../../shared/schemas/adminTools";
import { updateCsv, uploadCsv } from "../../../../shared/csv/export";
import { api, ApiError, fieldErrors, messageFor } from "../../../lib/api";
import { bulkMessageFor } from "../../../lib/bulkMessages";
import { invalidate, useQuery } from "../../../lib/queries";
import { notify, notifyError } from "../../../lib/toast";
import { ADMIN_PAGE_SIZE, refreshKind } from "../moderation";
import { alreadyUploaded, BULK_TOO_LARGE, CSV_TASK_FAILED } from "../../../../shared/messages";
import { BULK_BODY_LIMIT, DEFAULT_EXPECTED_IMPORT_COUNT } from "../../../../shared/constants";
import type { UpdateHeld } from "../../../components/admin/BulkConflicts";
import { useSession } from "../../../stores/session";
import type { RemembranceNoteCounts } from "../../../../shared/schemas/adminTools";

const findDuplicates = async (flowers: FlowerEntry[]) => (await api.post("/api/admin/memorial-flowers/duplicates", { flowers })).duplicates;

export const ASSISTANCE_KEY = "/api/admin/assistance-requests";
export const ACTIVITY_KEY = "/api/admin/activity";
const FAILED_EMAILS_KEY = "/api/admin/outbox?status=failed";

/** After a flower import or bulk change: the admin and public flower lists, and the log. */
function afterFlowerChange(): void {
  refreshKind("flower");
  invalidate(ACTIVITY_KEY);
}

export function CsvImportTab() {
  // The count this server is set to, as it told the signed-in administrator.
  const expectedCount = useSession((s) => s.user?.expectedImportCount) ?? DEFAULT_EXPECTED_IMPORT_COUNT;
  const onImport = async (csvData: Record<string, string>[], adminKey: string) => {
    try {
      const result = await api.post("/api/admin/memorial-flowers/reset-and-import", { csvData, adminKey });
      notify("Import Successful", `Successfully imported ${result.importedCount} memorial flowers`);
      return result;
    } catch (error) {
      const message = messageFor(error, CSV_TASK_FAILED.import);
      notifyError("Import Failed", message);
      throw new Error(message);
    } finally {
      afterFlowerChange();
    }
  };
  return (
    <>
      <h2>CSV Import</h2>
      <CsvImportPanel onImport={onImport} expectedCount={expectedCount} />
    </>
  );
}

/** A bulk body as it will be sent, refused here when the server (and its proxy) would refuse it. */
function withinLimit(csv: string): string {
  if (new Blob([csv]).size > BULK_BODY_LIMIT.bytes) throw new Error(BULK_TOO_LARGE);
  return csv;
}

/** The server's hold on an update whose rows changed since the download (409 with the list), or undefined. */
function heldBack(error: unknown): UpdateHeld | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body?.conflicts) return undefined;
  return { message: error.body.message, conflicts: error.body.conflicts };
}

export function BulkUploadTab() {
  const send = async <Held,>(
    call: () => Promise<MessageDto & { title?: string }>,
    ok: string,
    bad: string,
    fallback: string,
    held?: (error: unknown) => Held | undefined,
  ) => {
    try {
      const { message, title = ok } = await call();
      notify(title, message);
      return message;
    } catch (error) {
      const answer = held?.(error);
      if (answer) return answer;
      const message = error instanceof Error && error.message === BULK_TOO_LARGE ? BULK_TOO_LARGE : bulkMessageFor(error, fallback);
      notifyError(bad, message);
      throw new Error(message);
    } finally {
      afterFlowerChange();
    }
  };
  return (
    <>
      <h2>Bulk Upload</h2>
      <BulkUploadPanel
        findDuplicates={findDuplicates}
        onUpload={(flowers: FlowerEntry[], key: string) =>
          send(
            // Sent as a CSV file: the server reads it as a stream, so even a whole garden costs it little memory.
            async () => {
              let replayed = false;
              const answer = await api.postCsv(
                "/api/admin/memorial-flowers/bulk-upload",
                withinLimit(uploadCsv(flowers)),
                { [IDEMPOTENCY_KEY_HEADER]: key },
                (headers) => (replayed = headers.get(REPLAYED_HEADER) === "true"),
              );
              // The server had these rows from an earlier press of Upload (or a try whose answer was lost).
              return replayed ? { title: "Already Uploaded", message: alreadyUploaded(answer.count ?? flowers.length) } : answer;
            },
            "Bulk Upload Successful",
            "Upload Failed",
            CSV_TASK_FAILED.upload,
          )
        }
        onUpdate={(flowers, choice) =>
          send(
            // The CSV file with each row's version, read by the server as a stream; a choice answers its list of rows changed since.
            () =>
              api.putCsv(
                choice
                  ? `/api/admin/memorial-flowers/bulk-update?${new URLSearchParams(Object.entries(choice).filter(([, v]) => v !== undefined))}`
                  : "/api/admin/memorial-flowers/bulk-update",
                withinLimit(updateCsv(flowers)),
              ),
            "Bulk Update Successful",
            "Update Failed",
            CSV_TASK_FAILED.update,
            heldBack,
          )
        }
        onNotice={(n) => notifyError(n.title, n.message)}
      />
    </>
  );
}

/** The query key (and address) of one page of a server-paged tool list. */
const pageKey = <P extends string>(path: P, page: number) => `${path}?page=${page}&pageSize=${ADMIN_PAGE_SIZE}` as const;

/**
 * The page on screen: the one asked for once it has come, the one before
 * meanwhile, so the list and its pager (and the focus on Next) stay put.
 */
function useShownPage<T>(data: T | undefined): T | undefined {
  const last = useRef(data);
  if (data !== undefined) last.current = data;
  return data ?? last.current;
}

/** One page of the assistance requests, newest first; every page also says how many are not handled (the badge). */
export function useAssistance(page = 1) {
  const key = pageKey(ASSISTANCE_KEY, page);
  return useQuery(key, () => api.get(key));
}

export function AssistanceTab() {
  const [page, setPage] = useState(1);
  const list = useAssistance(page);
  const shown = useShownPage(list.data);
  const [busyId, setBusyId] = useState<number | null>(null);
  const toggle = async (item: AdminAssistanceDto) => {
    setBusyId(item.id);
    try {
      const saved = await api.post(`${ASSISTANCE_KEY}/${item.id}/handled`, { handled: !item.handled });
      notify(saved.handled ? "Marked as handled" : "Marked as not handled", `${saved.firstName} ${saved.lastName}'s request`);
    } catch (error) {
      notifyError("Error", messageFor(error, "Failed to update the assistance request."));
    } finally {
      setBusyId(null);
      invalidate(ASSISTANCE_KEY);
      invalidate(ACTIVITY_KEY);
    }
  };
  return (
    <>
      <h2>Assistance Requests</h2>
      <p>Families are promised an answer within the hour: newest requests first. Please call rather than email when you can.</p>
      {list.isLoading && !shown ? (
        <Spinner label="Loading assistance requests..." />
      ) : list.error && !shown ? (
        <p className="admin-error" role="alert">
          {messageFor(list.error, "We could not load the assistance requests.")}
        </p>
      ) : (
        <>
          <AssistanceList items={shown?.items ?? []} busyId={busyId} onToggleHandled={(item) => void toggle(item)} />
          <AdminPager label="Assistance requests" page={shown?.page ?? page} pageSize={ADMIN_PAGE_SIZE} total={shown?.total ?? 0} onPage={setPage} />
        </>
      )}
    </>
  );
}

export function ActivityTab() {
  const [page, setPage] = useState(1);
  const key = pageKey(ACTIVITY_KEY, page);
  const list = useQuery(key, () => api.get(key));
  const shown = useShownPage(list.data);
  return (
    <>
      <h2>Activity</h2>
      <div className="admin-actions">
        <button type="button" className="btn btn--secondary" onClick={() => invalidate(ACTIVITY_KEY)}>
          Refresh
        </button>
      </div>
      {list.isLoading && !shown ? (
        <Spinner label="Loading activity..." />
      ) : list.error && !shown ? (
        <p className="admin-error" role="alert">
          {messageFor(list.error, "We could not load the activity log.")}
        </p>
      ) : (
        <>
          <ActivityList items={shown?.items ?? []} from={((shown?.page ?? 1) - 1) * ADMIN_PAGE_SIZE + 1} total={shown?.total ?? 0} />
          <AdminPager label="Activity" page={shown?.page ?? page} pageSize={ADMIN_PAGE_SIZE} total={shown?.total ?? 0} onPage={setPage} />
        </>
      )}
    </>
  );
}

const NOTE_COUNTS_KEY = "/api/admin/remembrance-notes";

/**
 * The monthly update's composer, wired to the server. One send key per
 * preview: a retry or a second click sends the same key, which the server
 * queues only once; a new preview (the text changed) makes a new one.
 */
function UpdateTool() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sendKey, setSendKey] = useState(newUploadKey);
  const preview = async (update: ComposedUpdate) => {
    setBusy(true);
    const key = newUploadKey();
    try {
      const answer = await api.post("/api/admin/updates/preview", { ...update, sendKey: key });
      setErrors({});
      setSendKey(key);
      return answer;
    } catch (error) {
      setErrors(fieldErrors(error));
      notifyError("Error", messageFor(error, "The preview could not be made."));
      return null;
    } finally {
      setBusy(false);
    }
  };
  const send = async (update: ComposedUpdate) => {
    setBusy(true);
    try {
      const { message } = await api.post("/api/admin/updates/send", { ...update, sendKey });
      notify("Update Sent", message);
      return true;
    } catch (error) {
      notifyError("Error", messageFor(error, "The update could not be sent. Please try again: it will not be sent twice."));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return <UpdateComposer busy={busy} errors={errors} onPreview={preview} onSend={send} />;
}

export function EmailsTab() {
  const list = useQuery<OutboxMessageDto[]>(FAILED_EMAILS_KEY, () => api.get(FAILED_EMAILS_KEY));
  const notes = useQuery<RemembranceNoteCounts>(NOTE_COUNTS_KEY, () => api.get(NOTE_COUNTS_KEY));
  const [busyId, setBusyId] = useState<number | null>(null);
  const missing = list.error instanceof ApiError && list.error.status === 404;
  const retry = async (id: number) => {
    setBusyId(id);
    try {
      await api.post(`/api/admin/outbox/${id}/retry`);
      notify("Email queued again", "It will be sent in a moment.");
    } catch (error) {
      notifyError("Error", messageFor(error, "Failed to retry the email."));
    } finally {
      setBusyId(null);
      invalidate(FAILED_EMAILS_KEY);
    }
  };
  const exportList = () => {
    const link = document.createElement("a");
    link.href = "/api/admin/mailing-list.csv";
    link.download = "";
    document.body.appendChild(link);
    link.click();
    link.remove();
  };
  return (
    <>
      <h2>Emails</h2>
      {list.error && !missing ? (
        <p className="admin-error" role="alert">
          {messageFor(list.error, "We could not load the failed emails.")}
        </p>
      ) : null}
      <EmailsPanel
        available={!missing}
        loading={list.isLoading}
        failed={list.data ?? []}
        busyId={busyId}
        onExport={exportList}
        onRetry={(id) => void retry(id)}
        notes={notes.data}
      />
      {missing ? null : <UpdateTool />}
    </>
  );
}
