export { default, ErrorBoundary, headers, loader, meta } from "./help._index";
