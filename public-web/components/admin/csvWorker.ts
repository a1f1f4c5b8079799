import { analyse, ROWS_PER_MESSAGE, type AnalysisRequest, type WorkerReply } from "./csvAnalysis";

/** The CSV reader's worker (started by analyseInWorker): one request, progress as it goes, the rows, one answer. */
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
    if (analysis.ok && analysis.reader === "flexible") {
      // The rows first, a share at a time (see WorkerReply); the analysis then comes without them.
      for (let start = 0; start < analysis.entries.length; start += ROWS_PER_MESSAGE) {
        reply({ type: "rows", rows: analysis.entries.slice(start, start + ROWS_PER_MESSAGE) });
      }
      reply({ type: "done", analysis: { ...analysis, entries: [] } });
    } else {
      reply({ type: "done", analysis });
    }
  } catch (error) {
    reply({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
