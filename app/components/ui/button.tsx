import { forwardRef, type ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner";

type Variant = "primary" | "secondary" | "danger" | "ghost" | "link" | "text";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 font-medium text-white hover:bg-brand-700 disabled:bg-brand-600/60",
  secondary:
    "border border-slate-300 bg-white font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  danger: "bg-red-600 font-medium text-white hover:bg-red-700 disabled:bg-red-600/60",
  ghost: "font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  /** An action that reads as a link inside text or a table cell: no box, no padding. */
  link: "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200",
  /** A message that acts when clicked (a toast's action): the surrounding text's colour and weight, underlined on hover. */
  text: "underline-offset-2 hover:underline",
};

/** The variants without a box: no padding, the label at the start. */
const INLINE: ReadonlySet<Variant> = new Set(["link", "text"]);

const SIZES = { sm: "px-2.5 py-1.5 text-sm", md: "px-4 py-2 text-sm", lg: "px-5 py-3 text-base" } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** "lg": a page's main call to action (the landing page's hero). */
  size?: keyof typeof SIZES;
  loading?: boolean;
  /** Where the label sits: centred (the default), or at the start (a menu's or a list's row). */
  align?: "center" | "start";
}

/** The one button of the design system. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", loading = false, align = "center", className = "", children, disabled, type = "button", ...rest },
  ref,
) {
  const inline = INLINE.has(variant);
  // A row's button lines up with the links of its list (px-3).
  const sizing = inline ? "text-sm" : align === "start" ? "px-3 py-2 text-sm" : SIZES[size];
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex items-center gap-2 rounded-md ${inline || align === "start" ? "justify-start text-left" : "justify-center"} transition-colors disabled:cursor-not-allowed ${sizing} ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> {
  /** What the button does, for screen readers: an icon says nothing by itself, so the label is required. */
  label: string;
  /** A square outlined button as tall as a field (a list row's move and remove actions). */
  bordered?: boolean;
}

const ICON_TONE = {
  plain: "hover:bg-black/5 dark:hover:bg-white/10",
  bordered:
    "h-9 w-9 border border-slate-300 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800",
};

/**
 * The design system's icon-only button (the mobile menu, close buttons). The icon is hidden from
 * screen readers, which read `label`. `className` sets the tone where it sits on a dark or coloured surface.
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, bordered = false, className = "", type = "button", children, ...rest }, ref) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      className={`inline-flex shrink-0 items-center justify-center rounded-md leading-none transition-colors ${ICON_TONE[bordered ? "bordered" : "plain"]} ${className}`}
      {...rest}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
});

export type CloseButtonProps = Omit<IconButtonProps, "children">;

/** The close (×) button of banners, toasts, dialogs and panels. */
export const CloseButton = forwardRef<HTMLButtonElement, CloseButtonProps>(function CloseButton({ className = "", ...rest }, ref) {
  return (
    <IconButton ref={ref} className={`-my-1 px-2 py-1 text-lg opacity-80 hover:opacity-100 ${className}`} {...rest}>
      ×
    </IconButton>
  );
});

/** The round-ended button that floats in a corner of the page and opens a panel (the support launcher). */
export const FloatingButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function FloatingButton({ className = "", type = "button", ...rest }, ref) {
  return (
    <button
      ref={ref}
      type={type}
      className={`rounded-full bg-brand-600 px-5 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/40 ${className}`}
      {...rest}
    />
  );
});

/**
 * A small round-ended button that shows a state and acts on it (the top bar's connection status: a click
 * tests again). Roomier on a phone, where it is a touch target. `className` sets its width and its busy cursor.
 */
export function PillButton({ className = "", type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-80 sm:px-3 sm:py-1 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`}
      {...rest}
    />
  );
}
