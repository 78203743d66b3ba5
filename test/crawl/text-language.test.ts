import { describe, expect, it } from "vitest";
import { Collector } from "../../workers/crawl/metadata/collect";
import { readTextLanguage, textLanguage } from "../../workers/crawl/metadata/text-language";
import { read, vp } from "../mapping/metadata-helpers";

const GERMAN =
  "Die Anlage mit einem geplanten Anfangsdurchsatz von 4.000 Tonnen Altbatterien soll die erste in Europa sein, die einen industriellen Maßstab erreicht. Seit etwa acht Jahren widmet sich das Unternehmen den Herausforderungen gebrauchter Akkus und hat dafür bereits viel Geld investiert.";
const ENGLISH =
  "Black voters in South Carolina are crucial for Democratic candidates, and the campaigns know it. With the primary only days away, the candidates crossed the state to speak in churches, diners and union halls, asking for the support of voters who decided the race four years ago.";

/** The opening of a Bengali news report (ukbdnews.com), its vowels written as marks on the letters. */
const BENGALI = "কুষ্টিয়া-১ (দৌলতপুর) আসনের সংসদ সদস্য (এমপি) অ্যাডভোকেট আ ক ম সারওয়ার জাহান বাদশার ফুপাতো ভাই হাসিনুর রহমানকে (৫০) কুপিয়ে হত্যা করা হয়েছে।এ সময় জব্বার নামে আরেকজন আহত হন। আজ শনিবার (২৯ আগস্ট) সকাল সাড়ে ৭টার দিকে দৌলতপুর উপজেলার ফিলিপনগর গ্রামে এ ঘটনা ঘটে।হামলাকারী মুজিবুর রহমান বয়াতিকে আটক করেছে পুলিশ।নিহতের স্বজনরা জানান,হাসিনুর রহমান সক্রিয় রাজনীতির সঙ্গে জড়িত ছিলেন।এমপির অবর্তমানে তার ব্যক্তিগত ও দলীয় কাজকর্ম হাসিনুর দেখভাল করতেন। শনিবার সকাল সাড়ে ৭টার দিকে জব্বার নামে একজনের মোটরসাইকেলে চড়ে নিজ বাড়ি থেকে তিনি স্থানীয় বাজারের দিকে যাচ্ছিলেন।এ সময় বাড়ির পাশেই একটি দোকানের কাছে আগে থেকে ওঁৎ পেতে থাকা মজিবর বয়াতি তার ওপর হামলা চালায়। হামলাকারী রামদা দিয়ে হাসিনুরের শরীরের বিভিন্ন স্থানে এলোপ";

/** The opening of a Chinese news report (xinhuanet.com), which franc names Mandarin ("cmn"). */
const CHINESE =
  "“妈妈，为什么还不能出去？” “宝贝，我们在打一场无声的战役，每个在家里不出去的人都是英雄哦！” “妈妈，什么时候才能回我们自己的家？ “孩子，我们再等等，等到春暖花开，就可以回家了。” 在抗击新冠肺炎疫情的日子里，封在武汉的父母们总要万般无奈而又小心翼翼回应着孩子天真的追问。 即便日常已改变了模样，但生活依然要继续。纵然已有焦虑煎熬，但内心仍需要坚强。居家一日游、前后楼隔空喊话、躺平就是做贡献，这些带有几分调侃意味的举动，却是众多武汉市民近一个月来真实的经历。 1月23日，武汉全面封闭离汉通道时，武汉三镇尚有900多万人口，其中不少人是满怀一年的期盼，千里迢迢、从四面八方回汉和亲人团聚。一个个普通的家庭，猝不及防地扎进了历史的大事件中。";
/** Finnish (uusisuomi.fi), which franc-min does not know: its guess, Malay ("zlm"), is no source. */
const FINNISH =
  "EU-maiden on vaikea päästä nopeasti sopuun EU:n tulevasta rahoituskehyksestä. Saksan liittokansleri Angela Merkel on tyytymätön siihen, miten suurimman nettomaksajan vaatimuksiin on tähän mennessä suhtauduttu. Saksan liittokansleri Angela Merkel keskusteli keskiviikkona Berliinissä Suomen pääministe";

describe("the main text's language", () => {
  it("is read from the text, as an ISO 639-1 code", () => {
    expect(textLanguage(GERMAN)?.code).toBe("de");
    expect(textLanguage(ENGLISH)?.code).toBe("en");
    // A macrolanguage's member in a script of its own is written by the macrolanguage's code, as the web writes it.
    expect(textLanguage(CHINESE)?.code).toBe("zh");
    expect(textLanguage(FINNISH)).toBeNull();
  });
  it("is not guessed from a text too short to tell", () => {
    expect(textLanguage("Kontakt Impressum Datenschutz")).toBeNull();
    expect(textLanguage("")).toBeNull();
  });
  it("rivals a declaration of another language, and corroborates one of its own without taking its place", () => {
    const other = new Collector();
    other.add("language", "en-US", "<html lang>", 0.85, "html lang");
    readTextLanguage(other, GERMAN);
    expect(other.finish().language.map((v) => [v.value, v.provenance])).toEqual([["en-US", "<html lang>"], ["de", "the main text's language (detected)"]]);

    const same = new Collector();
    same.add("language", "de-DE", "<html lang>", 0.85, "html lang");
    readTextLanguage(same, GERMAN);
    const [language, ...rest] = same.finish().language;
    expect(language).toMatchObject({ value: "de-DE", provenance: "<html lang>", agreeing: ["the main text's language (detected)"] });
    // Two independent sources: a little stronger than the declaration alone.
    expect(language!.strength).toBeGreaterThan(0.85);
    expect(rest).toEqual([]);
  });
  it("outweighs a declaration of another language on a long text", () => {
    const col = new Collector();
    col.add("language", "en", "<html lang>", 0.85, "html lang");
    readTextLanguage(col, `${GERMAN} ${GERMAN} ${GERMAN} ${GERMAN} ${GERMAN} ${GERMAN} ${GERMAN}`);
    expect(col.finish().language[0]).toMatchObject({ value: "de", provenance: "the main text's language (detected)" });
  });
  it("outweighs a declaration of another language from 500 letters, counting an Indic script's vowel marks", () => {
    const english = `${ENGLISH} ${ENGLISH} The turnout rose by a fifth since the last primary in the state.`;
    expect(textLanguage(english)!.letters).toBeGreaterThanOrEqual(500);
    expect(textLanguage(english)!.letters).toBeLessThan(600);
    const col = new Collector();
    col.add("language", "de-DE", "<html lang>", 0.89, "html lang");
    readTextLanguage(col, english);
    expect(col.finish().language[0]).toMatchObject({ value: "en", provenance: "the main text's language (detected)" });
    // ukbdnews.com: a Bengali report under en-US; its letters alone are under 400.
    expect(BENGALI.match(/\p{L}/gu)!.length).toBeLessThan(400);
    const bn = new Collector();
    bn.add("language", "en-US", "<html lang>", 0.85, "html lang");
    readTextLanguage(bn, BENGALI);
    expect(bn.finish().language.map((v) => v.value)).toEqual(["bn", "en-US"]);
  });
  it("says which language a text of some length is written in, so dates are read in it too where the page declares another", () => {
    expect(readTextLanguage(new Collector(), `${GERMAN} ${GERMAN} ${GERMAN}`)).toBe("de");
    expect(readTextLanguage(new Collector(), "Kontakt Impressum Datenschutz")).toBeNull();
    // A theme's lang="en" over a Spanish article: its date above the headline is read in Spanish, after English.
    const spanish = "La deuda externa total aumentó en ochocientos millones de dólares respecto al año anterior, según el informe del banco central publicado este martes en la capital. ".repeat(5);
    const page = `<html lang="en"><body><main><p>26, Abril, 2022</p><h1>Nicaragua cerró 2021 con deuda externa</h1><p>${spanish}</p></main></body></html>`;
    expect(vp(read(page, "https://news.example.org/story", undefined, spanish).datePublished)).toEqual([["2022-04-26", "visible date line above the h1"]]);
    expect(read(page, "https://news.example.org/story").datePublished).toEqual([]);
  });
});
