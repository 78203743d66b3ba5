import { Hono } from "hono";
import { saveSystemNotificationSchema } from "../../contracts/admin";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { getSystemNotification, saveSystemNotification } from "../../services/system-notification";
import { parseJson } from "../validate";

/** The system-wide banner: public read of the enabled notification, admin read and write of the stored one. */
export const systemNotificationRoutes = new Hono<AppEnv>()
  .get("/system-notification", async (c) =>
    c.json({ notification: await getSystemNotification(getDb(c.env.DB), { includeDisabled: false }) }),
  )
  .get("/admin/system-notification", async (c) =>
    c.json({ notification: await getSystemNotification(getDb(c.env.DB), { includeDisabled: true }) }),
  )
  .put("/system-notification", async (c) => {
    const input = await parseJson(c, saveSystemNotificationSchema);
    return c.json({ notification: await saveSystemNotification(getDb(c.env.DB), c.get("auth"), input) });
  });
