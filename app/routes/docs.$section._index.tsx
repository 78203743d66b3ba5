export { default, ErrorBoundary, loader, meta } from "./help.$section._index";
