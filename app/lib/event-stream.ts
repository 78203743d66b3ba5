/** One server-sent event: its id (if any) and its JSON data. */
export interface StreamMessage {
  id: number | null;
  data: unknown;
}

/**
 * Reads a `text/event-stream` body (lines `id: n` and `data: {json}`, blank line between messages)
 * and calls `onMessage` for each. Resolves when the stream ends; rejects on a network error.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onMessage: (m: StreamMessage) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let id: number | null = null;
  let data: string[] = [];
  const dispatch = () => {
    if (data.length === 0) return;
    const text = data.join("\n");
    data = [];
    try {
      onMessage({ id, data: JSON.parse(text) });
    } catch {
      /* a malformed message is skipped; the stream goes on */
    }
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, "");
      buffer = buffer.slice(nl + 1);
      if (line === "") dispatch();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      else if (line.startsWith("id:")) {
        const n = Number(line.slice(3).trim());
        id = Number.isFinite(n) ? n : null;
      }
    }
  }
  if (buffer.startsWith("data:")) data.push(buffer.slice(5).trimStart());
  dispatch();
}
