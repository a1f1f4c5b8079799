import { analyse, type AnalysisRequest, type WorkerReply } from "./csvAnalysis";

/** The CSV reader's worker (started by analyseInWorker): one request, progress as it goes, one answer. */
interface WorkerScope {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;
const reply = (message: WorkerReply) => scope.postMessage(message);

/** At most one progress message per percent. */
let lastPercent = -1;

scope.onmessage = (event: MessageEvent<AnalysisRequest>) => {
  try {
    const analysis = analyse(event.data, (fraction) => {
      const percent = Math.floor(fraction * 100);
      if (percent === lastPercent) return;
      lastPercent = percent;
      reply({ type: "progress", fraction });
    });
    reply({ type: "done", analysis });
  } catch (error) {
    reply({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
