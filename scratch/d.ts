import { findDate } from "../workers/crawl/metadata/dates";
const now = new Date("2024-01-01");
for (const [t, l] of [["26, Abril, 2022","es"],["26 Abril, 2022","es"],["26, abril, 2022","es"],["April 26, 2022","en"],["14 Gennaio 2020","it"],["Notizia del 14 Gennaio 2020","it"]] as const) console.log(t, JSON.stringify(findDate(t, l, now)));
