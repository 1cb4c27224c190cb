import { answerLayoutRequest, type LayoutReply, type LayoutRequest } from "./layout-job";

// The /investigate layout off the page's thread (layout-runner.ts starts it): one request at a
// time, progress every few iterations, then the positions.

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null;
  postMessage: (message: LayoutReply) => void;
};

scope.onmessage = (event) => answerLayoutRequest(event.data, (message) => scope.postMessage(message));
