export const ROOT: string;
export function checkNode(): void;
export function ensureBrowserWrapper(): void;
