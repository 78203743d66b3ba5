import { Hono } from "hono";
import { createNewsSchema, updateNewsSchema } from "../../contracts/admin";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { createNews, deleteNews, getNews, getPublishedNews, listAllNews, listPublishedNews, updateNews } from "../../services/news";
import { parseJson } from "../validate";

/** News: public reading of published articles, and the admin editor (global ADMIN). */
export const newsRoutes = new Hono<AppEnv>()
  .get("/news", async (c) => c.json({ articles: await listPublishedNews(getDb(c.env.DB)) }))
  .get("/news/:slug", async (c) => c.json({ article: await getPublishedNews(getDb(c.env.DB), c.req.param("slug")) }))
  .get("/admin/news", async (c) => c.json({ articles: await listAllNews(getDb(c.env.DB)) }))
  .post("/admin/news", async (c) => {
    const input = await parseJson(c, createNewsSchema);
    return c.json({ article: await createNews(getDb(c.env.DB), c.get("auth"), input) }, 201);
  })
  .get("/admin/news/:id", async (c) => c.json({ article: await getNews(getDb(c.env.DB), c.req.param("id")) }))
  .put("/admin/news/:id", async (c) => {
    const input = await parseJson(c, updateNewsSchema);
    return c.json({ article: await updateNews(getDb(c.env.DB), c.get("auth"), c.req.param("id"), input) });
  })
  .delete("/admin/news/:id", async (c) => {
    await deleteNews(getDb(c.env.DB), c.get("auth"), c.req.param("id"));
    return c.json({ success: true });
  });
