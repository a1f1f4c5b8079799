// Packaging of the volunteers' desktop app (electron-builder). Build first with
// `electron-vite build` (npm run desktop:package does both). Main is bundled whole
// (see electron.vite.config.ts), so the app carries out/{main,preload,renderer}
// and nothing from node_modules. Auto-update is off unless GARDEN_UPDATE_URL names
// a folder the team hosts (electron-updater's "generic" provider).
const fs = process.getBuiltinModule("node:fs");
const path = process.getBuiltinModule("node:path");

const updateUrl = process.env.GARDEN_UPDATE_URL || null;
const adHoc = !process.env.CSC_LINK && !process.env.CSC_NAME;

/** @type {import("electron-builder").Configuration} */
module.exports = {
  appId: "org.garden-of-remembrance.volunteers",
  productName: "Garden of Remembrance Volunteers",
  executableName: "garden-volunteers",
  copyright: "A volunteer-run lay apostolate",
  // The version comes from package.json.
  // The app's own manifest (admin-desktop/app/package.json: its name, product name, no dependencies), not
  // the server's: electron-builder's two-package layout packs the manifest of `app` and the bundles beside it.
  directories: { app: "admin-desktop/app", output: process.env.GARDEN_PACKAGE_OUT || "release", buildResources: "admin-desktop/build" },
  files: ["package.json", "!node_modules/**/*", { from: "../../out", to: "out", filter: ["main/**/*", "preload/**/*", "renderer/**/*", "!**/*.map"] }],
  // One version for the whole project: the root package.json's.
  extraMetadata: { version: JSON.parse(fs.readFileSync(path.join(__dirname, "package.json"), "utf8")).version },
  asar: true,
  npmRebuild: false,
  nodeGypRebuild: false,
  includePdb: false,
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    // The window is served from app:// (main/protocol.ts), so file:// pages need no privileges beyond a browser's.
    grantFileProtocolExtraPrivileges: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
  },
  icon: "admin-desktop/build/icon.png",
  linux: {
    target: ["AppImage", "deb"],
    category: "Office",
    synopsis: "Review and import for the Garden of Remembrance volunteers",
    maintainer: "volunteers@example.org",
  },
  deb: { packageName: "garden-volunteers" },
  win: { target: ["nsis"] },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  // Both Mac architectures (the release workflow passes --x64 --arm64). Without a certificate (CSC_LINK)
  // the app is signed ad hoc ("-"): Apple silicon runs no unsigned code at all, and Gatekeeper then offers
  // "Open Anyway" in System Settings (docs/desktop.md). With one, signed with it and notarised when
  // APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID are set.
  mac: {
    target: [{ target: "dmg", arch: ["x64", "arm64"] }],
    category: "public.app-category.productivity",
    identity: adHoc ? "-" : undefined,
    // Ad hoc, the hardened runtime's library validation would refuse Electron's own frameworks (signed by another team).
    hardenedRuntime: !adHoc,
    notarize: Boolean(process.env.APPLE_ID && process.env.APPLE_TEAM_ID),
  },
  publish: updateUrl ? [{ provider: "generic", url: updateUrl }] : null,
};
