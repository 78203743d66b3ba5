import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectField, TextField } from "../../app/components/ui/field";
import { TextAreaField } from "../../app/components/ui/text-area";

/** Screen readers read a field's hint and error with the field: every control points at both. */
describe("field descriptions", () => {
  const described = (html: string, tag: string) => new RegExp(`<${tag}[^>]*aria-describedby="([^"]+)"`).exec(html)?.[1] ?? null;
  it("points text fields, text areas and selects at their hint and error", () => {
    const options = [{ value: "a", label: "A" }];
    expect(described(renderToStaticMarkup(h(SelectField, { id: "role", label: "Role", hint: "What they may do", error: "Choose a role", options })), "select")).toBe("role-hint role-error");
    expect(described(renderToStaticMarkup(h(TextField, { id: "name", label: "Name", hint: "As shown" })), "input")).toBe("name-hint");
    expect(described(renderToStaticMarkup(h(TextAreaField, { id: "urls", label: "URLs", error: "One URL per line" })), "textarea")).toBe("urls-error");
    expect(described(renderToStaticMarkup(h(SelectField, { id: "plain", label: "Plain", options })), "select")).toBeNull();
  });
});
