import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./lib/nonce";

const ABORT_DELAY = 5000;

/**
 * The page's modules are preloaded (Remix's <Scripts>) at the browser's high priority, beside the
 * stylesheet that the first paint waits for: on a slow connection they share its bandwidth, and a page
 * that paints from its server HTML does not need them to. At low priority the browser fetches them
 * after what rendering needs. <Scripts> takes no attribute for its preloads, so the HTML gets it on the
 * way out; React does not compare attributes when it hydrates in production (a development build would
 * warn that its render lacks this one, so the development server keeps the plain links).
 */
function withLowPriorityModulePreloads(response: Response): Response {
  if (process.env.NODE_ENV !== "production") return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(el) {
        el.setAttribute("fetchpriority", "low");
      },
    })
    .transform(response);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Worker made this response's nonce and puts it in the Content-Security-Policy (workers/index.ts).
  const nonce = loadContext.cspNonce;
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeoutId));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  // The security headers of every response are set by the Worker (workers/index.ts).
  responseHeaders.set("Content-Type", "text/html");
  return withLowPriorityModulePreloads(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
}
