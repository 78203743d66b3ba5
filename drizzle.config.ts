import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: ["./workers/db/schema.ts", "./workers/db/schema-*.ts"],
  out: "./migrations",
});
