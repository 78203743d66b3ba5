declare module "parse-srcset" {
  /** One image candidate of a srcset attribute, as the HTML standard's parsing algorithm reads it. */
  export interface SrcsetCandidate {
    url: string;
    /** Width descriptor (`800w`). */
    w?: number;
    /** Height descriptor (rare, non-standard). */
    h?: number;
    /** Pixel density descriptor (`2x`). */
    d?: number;
  }
  export default function parseSrcset(input: string): SrcsetCandidate[];
}
