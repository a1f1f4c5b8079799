import { useState } from "react";
import type { AdminCommentDto, AdminFlowerDto, AdminPage, AdminTestimonialDto } from "../../../shared/schemas/admin";
import { api, ApiError, messageFor } from "../../lib/api";
import { invalidate, useQuery } from "../../lib/queries";
import { notify, notifyError } from "../../lib/toast";

export type Kind = "testimonial" | "flower" | "comment";

interface KindInfo {
  /** Admin list path (also its query key). */
  path: string;
  /** Public list keys to refresh after a change. */
  publicKeys: string[];
  noun: string;
  approvedTitle: string;
  deletedTitle: string;
  approveFailed: string;
  deleteFailed: string;
}

export const KIND: Record<Kind, KindInfo> = {
  testimonial: {
    path: "/api/admin/testimonials",
    publicKeys: ["/api/testimonials"],
    noun: "testimonial",
    approvedTitle: "Testimonial Approved",
    deletedTitle: "Testimonial Deleted",
    approveFailed: "Failed to approve testimonial.",
    deleteFailed: "Failed to delete testimonial.",
  },
  flower: {
    path: "/api/admin/memorial-flowers",
    publicKeys: ["/api/memorial-flowers", "/api/memorial-comments"],
    noun: "memorial flower",
    approvedTitle: "Memorial Flower Approved",
    deletedTitle: "Memorial Flower Deleted",
    approveFailed: "Failed to approve memorial flower.",
    deleteFailed: "Failed to delete memorial flower.",
  },
  comment: {
    path: "/api/admin/memorial-comments",
    // Comments live under /api/memorial-flowers/{id}/comments; the prefix covers them.
    publicKeys: ["/api/memorial-comments", "/api/memorial-flowers"],
    noun: "memorial comment",
    approvedTitle: "Memorial Comment Approved",
    deletedTitle: "Memorial Comment Deleted",
    approveFailed: "Failed to approve memorial comment.",
    deleteFailed: "Failed to delete memorial comment.",
  },
};

const APPROVED_MESSAGE: Record<Kind, string> = {
  testimonial: "The testimonial is now visible to visitors.",
  flower: "The memorial flower is now visible in the garden.",
  comment: "The memorial comment is now visible.",
};
const DELETED_MESSAGE: Record<Kind, string> = {
  testimonial: "The testimonial has been permanently removed.",
  flower: "The memorial flower has been permanently removed.",
  comment: "The memorial comment has been permanently removed.",
};

type ItemOf<K extends Kind> = K extends "testimonial" ? AdminTestimonialDto : K extends "flower" ? AdminFlowerDto : AdminCommentDto;

/** Refreshes the admin list of `kind` and the public lists it feeds. */
export function refreshKind(kind: Kind): void {
  invalidate(KIND[kind].path);
  for (const key of KIND[kind].publicKeys) invalidate(key);
  // A flower's deletion takes its comments with it.
  if (kind === "flower") invalidate(KIND.comment.path);
  invalidate("/api/admin/activity");
}

/** What an admin list is narrowed to: words of a name (or an ID), and for flowers one type. */
export interface ListFilter {
  q: string;
  type: string;
}

export const ADMIN_PAGE_SIZE = 20;
export const NO_FILTER: ListFilter = { q: "", type: "" };

/** One page of the pending or approved list of one kind, from the server; refreshed after each action. */
export function useAdminPage<K extends Kind>(kind: K, status: "pending" | "approved", filter: ListFilter, page: number) {
  const params = new URLSearchParams({ status, page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.type) params.set("type", filter.type);
  const key = `${KIND[kind].path}?${params}`;
  return useQuery<AdminPage<ItemOf<K>>>(key, () => api.get<AdminPage<ItemOf<K>>>(key));
}

const ifMatch = (version: number) => ({ "If-Match": `"${version}"` });

/** Shows the failure toast; a 412 (changed meanwhile) or 404 (gone) shows the server's sentence. */
function failed(error: unknown, fallback: string): void {
  notifyError("Error", messageFor(error, fallback));
}

export interface Confirming {
  action: "decline" | "remove";
  id: number;
  version: number;
}

/** Approve, and Decline or Remove behind a confirmation, for one kind. */
export function useModeration(kind: Kind) {
  const info = KIND[kind];
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [actedOn, setActedOn] = useState<number | null>(null);

  const approve = async (item: { id: number; version: number }) => {
    setBusyId(item.id);
    try {
      await api.post(`${info.path}/${item.id}/approve`, undefined, ifMatch(item.version));
      notify(info.approvedTitle, APPROVED_MESSAGE[kind]);
      setActedOn(item.id);
    } catch (error) {
      failed(error, info.approveFailed);
    } finally {
      setBusyId(null);
      refreshKind(kind);
    }
  };

  const confirm = async () => {
    if (!confirming) return;
    const { id, version } = confirming;
    setBusyId(id);
    try {
      await api.delete(`${info.path}/${id}`, ifMatch(version));
      notify(info.deletedTitle, DELETED_MESSAGE[kind]);
      setActedOn(id);
    } catch (error) {
      failed(error, info.deleteFailed);
    } finally {
      setBusyId(null);
      setConfirming(null);
      refreshKind(kind);
    }
  };

  return {
    busyId,
    confirming,
    /** The item the last successful action took out of its list. */
    actedOn,
    approve,
    ask: (action: Confirming["action"], item: { id: number; version: number }) => setConfirming({ action, id: item.id, version: item.version }),
    cancel: () => setConfirming(null),
    confirm,
  };
}

export const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 412);
