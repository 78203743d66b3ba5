import { STORAGE_KEYS, readLocal, writeLocal } from "./storage-keys";

export const THEME_OPTIONS = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
] as const;
export type ThemeChoice = (typeof THEME_OPTIONS)[number]["value"];

export function storedTheme(): ThemeChoice {
  const t = readLocal(STORAGE_KEYS.theme);
  return t === "light" || t === "dark" || t === "system" ? t : "system";
}

/** Stores and applies a theme; `system` follows the operating system. */
export function applyTheme(theme: ThemeChoice) {
  writeLocal(STORAGE_KEYS.theme, theme);
  if (typeof document === "undefined") return;
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}
