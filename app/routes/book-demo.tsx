/** /book-demo is the demo request page (spec §2: same page as /request-demo). */
export { default, action, headers, loader, meta } from "./request-demo";
