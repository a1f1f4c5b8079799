import type { ComponentType } from "react";
import { format } from "date-fns";
import { Navigate, useNavigate } from "react-router-dom";
import { AccessDenied, AdminTabs, type AdminTab } from "../../components/admin";
import { Spinner } from "../../components/ui/Spinner";
import { api, messageFor } from "../../lib/api";
import { useQuery } from "../../lib/queries";
import { notify, notifyError } from "../../lib/toast";
import { useAdminUi, type AdminTabId } from "../../stores/adminUi";
import { useSession } from "../../stores/session";
import { AdminShell } from "./AdminShell";
import { KIND, NO_FILTER, useAdminPage, useCorrections } from "./moderation";
import { CommentsTab, FlowersTab, TestimonialsTab } from "./tabs/ModerationTabs";
import { ActivityTab, AssistanceTab, BulkUploadTab, CsvImportTab, EmailsTab, useAssistance } from "./tabs/ToolTabs";
import { useAdminSession } from "./useAdminSession";
import { LOGGED_OUT_MESSAGE } from "../../../shared/messages";

const PANELS: Record<AdminTabId, ComponentType> = {
  testimonials: TestimonialsTab,
  flowers: FlowersTab,
  comments: CommentsTab,
  "csv-import": CsvImportTab,
  "bulk-upload": BulkUploadTab,
  assistance: AssistanceTab,
  activity: ActivityTab,
  emails: EmailsTab,
};

/** /admin, guarded: "Loading..." spinner, signed out → login, no admin role → Access Denied. */
export default function DashboardPage() {
  const { status, user } = useAdminSession();
  const navigate = useNavigate();

  const logout = async () => {
    try {
      await useSession.getState().logout();
      notify("Logged out", LOGGED_OUT_MESSAGE);
      void navigate("/admin/login", { replace: true });
    } catch (error) {
      notifyError("Logout failed", error instanceof Error ? messageFor(error, error.message) : String(error));
    }
  };

  const logoutEverywhere = async () => {
    try {
      await useSession.getState().logoutEverywhere();
      notify("Signed out everywhere", "You have been signed out on every browser and device.");
      void navigate("/admin/login", { replace: true });
    } catch (error) {
      notifyError("Logout failed", error instanceof Error ? messageFor(error, error.message) : String(error));
    }
  };

  if (status === "loading") {
    return (
      <AdminShell>
        <Spinner label="Loading..." />
      </AdminShell>
    );
  }
  if (!user) return <Navigate to="/admin/login" replace />;
  if (user.role !== "admin") {
    return (
      <AdminShell>
        <AccessDenied username={user.username} role={user.role} onLogout={() => void logout()} />
      </AdminShell>
    );
  }
  return (
    <AdminShell>
      <Dashboard username={user.username} onLogout={() => void logout()} onLogoutEverywhere={() => void logoutEverywhere()} />
    </AdminShell>
  );
}

function Dashboard({ username, onLogout, onLogoutEverywhere }: { username: string; onLogout(): void; onLogoutEverywhere(): void }) {
  const tab = useAdminUi((s) => s.tab);
  const setTab = useAdminUi((s) => s.setTab);
  // The first page of each pending list (the tab shows the same one): its total is the badge.
  const testimonials = useAdminPage("testimonial", "pending", NO_FILTER, 1).data?.total ?? 0;
  // Families' corrections wait in the same tab.
  const flowers = (useAdminPage("flower", "pending", NO_FILTER, 1).data?.total ?? 0) + (useCorrections(1).data?.total ?? 0);
  const comments = useAdminPage("comment", "pending", NO_FILTER, 1).data?.total ?? 0;
  const notHandled = useAssistance(1).data?.notHandled ?? 0;

  const tabs: AdminTab[] = [
    { id: "testimonials", label: KIND.testimonial.title, badge: testimonials },
    { id: "flowers", label: KIND.flower.title, badge: flowers },
    { id: "comments", label: KIND.comment.title, badge: comments },
    { id: "csv-import", label: "CSV Import" },
    { id: "bulk-upload", label: "Bulk Upload" },
    { id: "assistance", label: "Assistance Requests", badge: notHandled, badgeLabel: "not handled" },
    { id: "activity", label: "Activity" },
    { id: "emails", label: "Emails" },
  ];
  const Panel = PANELS[tab];

  return (
    <div className="admin-dashboard">
      <header className="admin-dashboard__header">
        <div>
          <h1>Administrator Dashboard</h1>
          <p className="admin-dashboard__greeting">Welcome, {username}</p>
          <BackupLine />
        </div>
        <div className="admin-dashboard__actions">
          <button type="button" className="btn btn--secondary" onClick={onLogout}>
            Logout
          </button>
          <button type="button" className="btn btn--secondary" onClick={onLogoutEverywhere}>
            Sign out everywhere
          </button>
        </div>
      </header>
      <AdminTabs tabs={tabs} active={tab} onChange={(id) => setTab(id as AdminTabId)} label="Administrator tasks">
        <Panel />
      </AdminTabs>
    </div>
  );
}

/** One quiet line on how the nightly backups are doing (the server sends it to administrators only). */
function BackupLine() {
  const backup = useQuery("health", () => api.get("/api/health")).data?.details?.backup;
  if (!backup) return null;
  const last = backup.lastGoodAt ? `Last backup: ${format(new Date(backup.lastGoodAt), "d MMM yyyy, HH:mm")}.` : "No nightly backup yet.";
  const off = backup.hour === null ? " Nightly backups are off." : "";
  const failed = backup.lastError ? " The last attempt failed; the team was emailed." : "";
  return <p className="admin-dashboard__backup">{last + off + failed}</p>;
}
