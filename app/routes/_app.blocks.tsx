export { default, meta } from "./_app.components";
