import { globalAgent } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** What a leak would grow: retained heap, process listeners, listeners on pooled sockets, handles. */
export interface ResourceCounts {
  heapUsed: number;
  processListeners: number;
  socketListeners: number;
  activeResources: number;
}

export async function countResources(): Promise<ResourceCounts> {
  // Let closed sockets and finished timers go first; two collections clear weakly held objects.
  await new Promise((resolve) => setTimeout(resolve, 50));
  collectGarbage();
  collectGarbage();
  return {
    heapUsed: process.memoryUsage().heapUsed,
    processListeners: process
      .eventNames()
      .reduce((sum, name) => sum + process.listenerCount(name), 0),
    socketListeners: Object.values(globalAgent.freeSockets)
      .flat()
      .reduce(
        (sum, socket) =>
          sum + (socket ? socket.eventNames().reduce((n, e) => n + socket.listenerCount(e), 0) : 0),
        0,
      ),
    activeResources: process.getActiveResourcesInfo().length,
  };
}
