/** /admin/notifications is the admin screen itself, scrolled to the notification editor (spec §2). */
export { default, loader, meta } from "./_app.admin";
