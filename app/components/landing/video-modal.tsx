import { useEffect, useRef, useState } from "react";
import { Button, CloseButton } from "~/components/ui/button";
import { createPortal } from "react-dom";
import { useScrollLock } from "~/lib/scroll-lock";
import { LANDING_TEXT } from "./landing-texts";
import { prefersReducedMotion } from "./reduced-effects";

/** The product video, served with the site's own static files (no third-party player). */
export const PRODUCT_VIDEO = {
  src: "/media/product-tour.webm",
  type: "video/webm",
  width: 1280,
  height: 720,
} as const;

/** How long the modal takes to fade out (and in). */
export const VIDEO_FADE_MS = 200;

type Phase = "closed" | "opening" | "open" | "closing";

/**
 * The hero's 'Watch the video' button and its modal (spec §2): the video plays muted on open, Escape or
 * a click on the backdrop closes it, it fades out, and the page does not scroll while it is open. Focus
 * moves into the dialog, stays there, and returns to the button on close.
 */
export function WatchVideo() {
  const [phase, setPhase] = useState<Phase>("closed");
  const [failed, setFailed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const visible = phase !== "closed";
  useScrollLock(visible);

  const close = () =>
    setPhase((p) => (p === "closed" || p === "closing" ? p : "closing"));

  useEffect(() => {
    if (phase === "opening") {
      closeButton.current?.focus();
      const frame = requestAnimationFrame(() => setPhase("open"));
      return () => cancelAnimationFrame(frame);
    }
    if (phase === "closing") {
      const timer = setTimeout(
        () => {
          setPhase("closed");
          trigger.current?.focus();
        },
        prefersReducedMotion() ? 0 : VIDEO_FADE_MS
      );
      return () => clearTimeout(timer);
    }
  }, [phase]);

  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        close();
      } else if (e.key === "Tab" && dialog.current) {
        // Keep the focus inside the dialog.
        const focusable = [
          ...dialog.current.querySelectorAll<HTMLElement>(
            "button, video[controls], a[href]"
          ),
        ];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [visible]);

  return (
    <>
      <Button
        ref={trigger}
        size="lg"
        aria-haspopup="dialog"
        onClick={() => {
          setFailed(false);
          setPhase("opening");
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-5 w-5 fill-current"
        >
          <path d="M6 4.5v11l9-5.5z" />
        </svg>
        {LANDING_TEXT.watchVideo}
      </Button>
      {visible
        ? createPortal(
            <div
              data-video-modal={phase}
              className={`fixed inset-0 z-50 flex items-center justify-center bg-slate-950/80 p-4 transition-opacity duration-200 motion-reduce:transition-none ${
                phase === "open" ? "opacity-100" : "opacity-0"
              }`}
              onMouseDown={(e) => {
                if (e.target === e.currentTarget) close();
              }}
            >
              <div
                ref={dialog}
                role="dialog"
                aria-modal="true"
                aria-labelledby="video-title"
                className="w-full max-w-4xl rounded-lg bg-slate-900 p-3 shadow-2xl"
              >
                <div className="mb-2 flex items-center justify-between gap-3 px-1">
                  <h2 id="video-title" className="font-semibold text-white">
                    {LANDING_TEXT.videoTitle}
                  </h2>
                  <CloseButton ref={closeButton} label={LANDING_TEXT.closeVideo} onClick={close} className="text-slate-200 hover:bg-slate-800 dark:hover:bg-slate-800" />
                </div>
                {failed ? (
                  <p
                    role="alert"
                    className="rounded bg-slate-800 p-6 text-slate-100"
                  >
                    {LANDING_TEXT.videoFailed}
                  </p>
                ) : (
                  <video
                    className="aspect-video w-full rounded bg-black"
                    width={PRODUCT_VIDEO.width}
                    height={PRODUCT_VIDEO.height}
                    autoPlay
                    muted
                    playsInline
                    controls
                    preload="metadata"
                    onError={() => setFailed(true)}
                  >
                    <source
                      src={PRODUCT_VIDEO.src}
                      type={PRODUCT_VIDEO.type}
                      onError={() => setFailed(true)}
                    />
                  </video>
                )}
              </div>
            </div>,
            // On <body>, above every stacking context of the page (the hero's sky, the sticky anchor bar).
            document.body
          )
        : null}
    </>
  );
}
