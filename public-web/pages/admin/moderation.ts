import { useState } from "react";
import type { AdminCommentDto, AdminFlowerDto, AdminPage, AdminTestimonialDto, FlowerCorrectionDto } from "../../../shared/schemas/admin";
import { MODERATION, type ModeratedKind, type ModeratedKindInfo } from "../../../shared/moderation";
import { clientKeysAfter } from "../../../shared/staleData";
import { api, ApiError, messageFor } from "../../lib/api";
import { invalidate, useQuery } from "../../lib/queries";
import { notify, notifyError } from "../../lib/toast";

export type Kind = ModeratedKind;

interface KindInfo<K extends Kind> extends Omit<ModeratedKindInfo, "path"> {
  /** Admin list path (also its query key). */
  path: `/api/admin/${(typeof MODERATION)[K]["path"]}`;
  /** Public list keys to refresh after a change. */
  publicKeys: string[];
}

// What an approval or a removal of this kind makes stale, from the table the server drops its caches by.
const info = <K extends Kind>(kind: K): KindInfo<K> => ({
  ...MODERATION[kind],
  path: `/api/admin/${MODERATION[kind].path}`,
  publicKeys: clientKeysAfter(`approved:${kind}`, `deleted:${kind}`),
});

export const KIND: { [K in Kind]: KindInfo<K> } = { testimonial: info("testimonial"), flower: info("flower"), comment: info("comment") };

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
  const key = `${KIND[kind].path}?${params}` as const;
  // The kind's path decides which of the three lists answers.
  return useQuery(key, async () => (await api.get(key)) as AdminPage<ItemOf<K>>);
}

const ifMatch = (version: number) => ({ "If-Match": `"${version}"` });

/** One page of the families' corrections waiting for review (under the flowers' path: refreshKind("flower") renews it). */
export function useCorrections(page: number) {
  const key = `${KIND.flower.path}/corrections?page=${page}&pageSize=${ADMIN_PAGE_SIZE}` as const;
  return useQuery(key, () => api.get(key));
}

/** Approve or decline a family's correction, under the version the volunteer saw. */
export function useCorrectionDecision() {
  const [busyId, setBusyId] = useState<number | null>(null);
  const decide = async (item: FlowerCorrectionDto, approve: boolean) => {
    setBusyId(item.id);
    try {
      const { message } = await api.post(`${KIND.flower.path}/${item.id}/correction/${approve ? "approve" : "decline"}`, undefined, ifMatch(item.version));
      notify(approve ? "Correction Approved" : "Correction Declined", message);
    } catch (error) {
      failed(error, approve ? "Failed to approve the correction." : "Failed to decline the correction.");
    } finally {
      setBusyId(null);
      refreshKind("flower");
    }
  };
  return { busyId, decide };
}

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
      notify(info.approvedTitle, info.approvedMessage);
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
      notify(info.deletedTitle, info.deletedMessage);
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
