export { default, ErrorBoundary, headers, loader, meta } from "./help.$section.$topic";
