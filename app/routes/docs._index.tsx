export { default, ErrorBoundary, loader, meta } from "./help._index";
