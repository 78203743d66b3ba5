export { default, loader, meta, shouldRevalidate } from "./_app.components";
