import { useState } from "react";
import { CommentCard, ConfirmDialog, CorrectionCard, FlowerCard, FlowerEditDialog, ModerationSection, TestimonialCard } from "../../../components/admin";
import { AdminPager } from "../../../components/admin/AdminPager";
import { ListControls } from "../../../components/admin/ListControls";
import type { ListPage } from "../../../components/admin/ModerationSection";
import { GARDEN_CSV_FILENAME } from "../../../../shared/csv/export";
import type { AdminFlowerDto, FlowerEntry } from "../../../../shared/schemas/admin";
import { api, fieldErrors, messageFor } from "../../../lib/api";
import { notify, notifyError } from "../../../lib/toast";
import {
  ADMIN_PAGE_SIZE,
  KIND,
  NO_FILTER,
  refreshKind,
  useAdminPage,
  useCorrectionDecision,
  useCorrections,
  useModeration,
  isGone,
  type Kind,
  type ListFilter,
} from "../moderation";

function Confirm({ kind, m }: { kind: Kind; m: ReturnType<typeof useModeration> }) {
  const noun = KIND[kind].noun;
  const decline = m.confirming?.action === "decline";
  return (
    <ConfirmDialog
      open={m.confirming !== null}
      title={decline ? `Decline this ${noun}?` : `Remove this ${noun}?`}
      description={
        decline
          ? `The ${noun} will be permanently deleted and will never appear on the site. This cannot be undone.`
          : `The ${noun} will be taken off the site and permanently deleted. This cannot be undone.`
      }
      confirmLabel={decline ? "Decline" : "Remove"}
      busy={m.busyId !== null}
      onConfirm={() => void m.confirm()}
      onCancel={m.cancel}
    />
  );
}

const errorText = (error: unknown, noun: string) => (error ? messageFor(error, `We could not load the ${noun}s. Please reload the page.`) : undefined);

/** Both lists of one kind, one page each, narrowed by the tab's search (a new search starts at page 1). */
function useLists<K extends Kind>(kind: K) {
  const [filter, setFilter] = useState<ListFilter>(NO_FILTER);
  const [pages, setPages] = useState({ pending: 1, approved: 1 });
  const pending = useAdminPage(kind, "pending", filter, pages.pending);
  const approved = useAdminPage(kind, "approved", filter, pages.approved);
  const view = (status: "pending" | "approved", q: typeof pending) => ({
    items: q.data?.items,
    total: q.data?.total ?? 0,
    page: pages[status],
    pageSize: ADMIN_PAGE_SIZE,
    loading: q.isLoading,
    onPage: (page: number) => setPages((p) => ({ ...p, [status]: page })),
  });
  return {
    pending: view("pending", pending) as ListPage<NonNullable<typeof pending.data>["items"][number]>,
    approved: view("approved", approved) as ListPage<NonNullable<typeof approved.data>["items"][number]>,
    error: pending.error ?? approved.error,
    apply: (f: ListFilter) => {
      setFilter(f);
      setPages({ pending: 1, approved: 1 });
    },
  };
}

export function TestimonialsTab() {
  const list = useLists("testimonial");
  const m = useModeration("testimonial");
  return (
    <>
      <h2>{KIND.testimonial.title}</h2>
      <ListControls noun="testimonials" onApply={list.apply} />
      <ModerationSection
        noun="testimonials"
        pending={list.pending}
        approved={list.approved}
        actedOn={m.actedOn}
        error={errorText(list.error, "testimonial")}
        loadingLabel="Loading testimonials..."
        pendingEmpty={KIND.testimonial.emptyPending}
        approvedEmpty={KIND.testimonial.emptyApproved}
        renderItem={(item) => (
          <TestimonialCard
            item={item}
            busy={m.busyId === item.id}
            onApprove={() => void m.approve(item)}
            onDecline={() => m.ask("decline", item)}
            onRemove={() => m.ask("remove", item)}
          />
        )}
      />
      <Confirm kind="testimonial" m={m} />
    </>
  );
}

export function FlowersTab() {
  const list = useLists("flower");
  const m = useModeration("flower");
  const [editing, setEditing] = useState<AdminFlowerDto | null>(null);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const save = async (input: FlowerEntry) => {
    if (!editing) return;
    setSaving(true);
    try {
      await api.put(`${KIND.flower.path}/${editing.id}`, input, { "If-Match": `"${editing.version}"` });
      notify("Memorial Flower Updated", "The changes are saved and shown in the garden.");
      setEditing(null);
      setServerErrors({});
    } catch (error) {
      notifyError("Error", messageFor(error, "Failed to update memorial flower."));
      setServerErrors(fieldErrors(error));
      if (isGone(error)) setEditing(null);
    } finally {
      setSaving(false);
      refreshKind("flower");
    }
  };

  const sendLink = async (email: string) => {
    if (!editing) return false;
    setSaving(true);
    try {
      const { message } = await api.post(`${KIND.flower.path}/${editing.id}/family-link`, { email });
      notify("Private Link Sent", message);
      return true;
    } catch (error) {
      notifyError("Error", messageFor(error, "The private link could not be sent."));
      return false;
    } finally {
      setSaving(false);
    }
  };
  const revokeLinks = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      const { message } = await api.post(`${KIND.flower.path}/${editing.id}/family-links/revoke`);
      notify("Private Links Closed", message);
    } catch (error) {
      notifyError("Error", messageFor(error, "The private links could not be closed."));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h2>{KIND.flower.title}</h2>
      <p className="admin-download">
        <a className="btn btn--secondary" href={`${KIND.flower.path}/export.csv`} download={GARDEN_CSV_FILENAME}>
          Download the garden as CSV
        </a>{" "}
        With every flower's ID, ready to edit in a spreadsheet and send back with Bulk Upload's Update. Leave the Version column as it is: it tells the server
        which flowers someone changed after your download, so their changes are not lost without a word.
      </p>
      <Corrections />
      <ListControls noun="memorial flowers" withType onApply={list.apply} />
      <ModerationSection
        noun="memorial flowers"
        pending={list.pending}
        approved={list.approved}
        actedOn={m.actedOn}
        error={errorText(list.error, "memorial flower")}
        loadingLabel="Loading memorial flowers..."
        pendingEmpty={KIND.flower.emptyPending}
        approvedEmpty={KIND.flower.emptyApproved}
        renderItem={(item) => (
          <FlowerCard
            item={item}
            busy={m.busyId === item.id}
            onApprove={() => void m.approve(item)}
            onDecline={() => m.ask("decline", item)}
            onRemove={() => m.ask("remove", item)}
            onEdit={() => {
              setServerErrors({});
              setEditing(item);
            }}
          />
        )}
      />
      <Confirm kind="flower" m={m} />
      <FlowerEditDialog
        flower={editing}
        busy={saving}
        serverErrors={serverErrors}
        onSave={(input) => void save(input)}
        onCancel={() => setEditing(null)}
        familyLinks={{ busy: saving, onSend: sendLink, onRevoke: () => void revokeLinks() }}
      />
    </>
  );
}

/** Families' corrections to live memorials, waiting for review: shown only when there are some. */
function Corrections() {
  const [page, setPage] = useState(1);
  const { data } = useCorrections(page);
  const { busyId, decide } = useCorrectionDecision();
  if (!data || data.total === 0) return null;
  return (
    <section className="admin-section" aria-label="Corrections from families">
      <h3 className="admin-section__title">Corrections from families ({data.total})</h3>
      <ul className="admin-list">
        {data.items.map((item) => (
          <li key={item.id}>
            <CorrectionCard item={item} busy={busyId === item.id} onApprove={() => void decide(item, true)} onDecline={() => void decide(item, false)} />
          </li>
        ))}
      </ul>
      <AdminPager label="Corrections from families" page={page} pageSize={ADMIN_PAGE_SIZE} total={data.total} onPage={setPage} />
    </section>
  );
}

export function CommentsTab() {
  const list = useLists("comment");
  const m = useModeration("comment");
  return (
    <>
      <h2>Memorial Comments</h2>
      <ListControls noun="memorial comments" onApply={list.apply} />
      <ModerationSection
        noun="memorial comments"
        pending={list.pending}
        approved={list.approved}
        actedOn={m.actedOn}
        error={errorText(list.error, "memorial comment")}
        loadingLabel="Loading memorial comments..."
        pendingEmpty={KIND.comment.emptyPending}
        approvedEmpty={KIND.comment.emptyApproved}
        renderItem={(item) => (
          <CommentCard
            item={item}
            busy={m.busyId === item.id}
            onApprove={() => void m.approve(item)}
            onDecline={() => m.ask("decline", item)}
            onRemove={() => m.ask("remove", item)}
          />
        )}
      />
      <Confirm kind="comment" m={m} />
    </>
  );
}
