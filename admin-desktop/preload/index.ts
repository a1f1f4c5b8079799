/**
 * The renderer's only door to main: one named function per action, checked
 * against DesktopApi. No ipcRenderer, no generic channel. Built as one
 * CommonJS file because the window is sandboxed.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from "electron";
import { Ch, type DesktopApi, type DesktopEvent } from "../ipc";

const api = {
  getStatus: () => ipcRenderer.invoke(Ch.getStatus),
  signIn: (input) => ipcRenderer.invoke(Ch.signIn, input),
  signOut: (input) => ipcRenderer.invoke(Ch.signOut, input),
  pickCsv: () => ipcRenderer.invoke(Ch.pickCsv),
  saveTemplate: () => ipcRenderer.invoke(Ch.saveTemplate),
  bulkUpload: (input) => ipcRenderer.invoke(Ch.bulkUpload, input),
  findDuplicates: (text) => ipcRenderer.invoke(Ch.findDuplicates, text),
  bulkUpdate: (input) => ipcRenderer.invoke(Ch.bulkUpdate, input),
  resetAndImport: (input) => ipcRenderer.invoke(Ch.resetAndImport, input),
  downloadForReview: () => ipcRenderer.invoke(Ch.downloadForReview),
  getReview: () => ipcRenderer.invoke(Ch.getReview),
  decide: (input) => ipcRenderer.invoke(Ch.decide, input),
  undoDecision: (id) => ipcRenderer.invoke(Ch.undoDecision, id),
  syncNow: () => ipcRenderer.invoke(Ch.syncNow),
  discardDecision: (id) => ipcRenderer.invoke(Ch.discardDecision, id),
  clearSent: () => ipcRenderer.invoke(Ch.clearSent),
  reviewAgain: (id) => ipcRenderer.invoke(Ch.reviewAgain, id),
  claimDecisions: () => ipcRenderer.invoke(Ch.claimDecisions),
  openExternal: (url) => ipcRenderer.invoke(Ch.openExternal, url),
  onEvent: (listener) => {
    // The renderer gets the event's data only, never the IpcRendererEvent (it exposes `sender`).
    const wrapped = (_event: IpcRendererEvent, data: DesktopEvent) => listener(data);
    ipcRenderer.on(Ch.event, wrapped);
    return () => void ipcRenderer.removeListener(Ch.event, wrapped);
  },
} satisfies DesktopApi;

contextBridge.exposeInMainWorld("desktop", api);
