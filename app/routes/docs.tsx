/** /docs has the help's layout: the app shell for signed-in users, the public frame for visitors. */
export { default, loader, shouldRevalidate } from "./help";
