import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { magnoliaBootstrapYaml } from "../../workers/targets/magnolia/yaml";
import { preparedPage } from "../fixtures/targets/pages";

type Node = Record<string, unknown>;

describe("Magnolia's YAML bootstrap file", () => {
  it("reads back with every value as written: newlines, quotes, colons, hashes, leading spaces and unicode", () => {
    const tricky = "Line one\nLine two: it's \"quoted\" # not a comment\n  indented\ttab — ünïcödé 🎉";
    const page = preparedPage("/news/launch", "k1", {
      title: tricky,
      seo: {
        title: "- looks: like yaml", description: "multi\n\nparagraph\n", openGraph: {}, canonical: null, language: "de",
        published: { value: "2021-03-04T21:30:00-05:00", provenance: "JSON-LD NewsArticle.datePublished" },
        modified: { value: "2021-03-06", provenance: "meta article:modified_time" },
        author: { value: "Jane Doe, John Roe", provenance: "visible byline under the h1" },
      },
    });
    page.components[0].fields.heading = { type: "text", value: "'single' and \\backslash\\n stays" };
    const tree = parse(magnoliaBootstrapYaml([page], "/site")) as Node;
    const launch = ((tree.site as Node).news as Node).launch as Node;
    expect(launch["jcr:primaryType"]).toBe("mgnl:page");
    expect(launch.title).toBe(tricky);
    expect(launch.windowTitle).toBe("- looks: like yaml");
    expect(launch.description).toBe("multi\n\nparagraph\n");
    expect(launch.language).toBe("de");
    // The dates and the byline are page properties of their own.
    expect(launch).toMatchObject({ datePublished: "2021-03-04T21:30:00-05:00", dateModified: "2021-03-06", author: "Jane Doe, John Roe" });
    const main = launch.main as Node;
    expect(main["jcr:primaryType"]).toBe("mgnl:area");
    const component = Object.values(main).find((v): v is Node => typeof v === "object" && v !== null) as Node;
    expect(component["jcr:primaryType"]).toBe("mgnl:component");
    expect(component.heading).toBe("'single' and \\backslash\\n stays");
    expect(component.body).toContain('<a href="https://source.test/about">about us</a>');
  });

  it("keeps types, lists, the node order and intermediate parents", () => {
    const page = preparedPage("/a/b/c", "k2");
    page.components[0].fields.flag = { type: "boolean", value: true };
    page.components[0].fields.count = { type: "number", value: 3 };
    page.components[0].fields.tags = { type: "list", value: ["x: y", "it's"] };
    const text = magnoliaBootstrapYaml([page, preparedPage("/", "root")], "/");
    const tree = parse(text) as Node;
    // The parent of /a/b/c that was not migrated is a plain page named after its segment.
    const a = tree.a as Node;
    expect(a).toMatchObject({ "jcr:primaryType": "mgnl:page", title: "a" });
    const c = ((a.b as Node).c as Node) ?? {};
    const component = Object.values(c.main as Node).find((v): v is Node => typeof v === "object" && v !== null) as Node;
    expect(component).toMatchObject({ flag: true, count: 3, tags: ["x: y", "it's"] });
    // jcr:primaryType is every node's first key.
    expect(Object.keys(c)[0]).toBe("jcr:primaryType");
    expect(Object.keys(tree)).toContain("home");
  });
});
