import { forwardRef, type ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner";

type Variant = "primary" | "secondary" | "danger" | "ghost" | "link";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
  /** An action that reads as a link inside text or a table cell: no box, no padding. */
  link: "text-left text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "sm" | "md";
  loading?: boolean;
  /** Where the label sits: centred (the default), or at the start (a menu's or a list's row). */
  align?: "center" | "start";
}

/** The one button of the design system. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", loading = false, align = "center", className = "", children, disabled, type = "button", ...rest },
  ref,
) {
  // A row's button lines up with the links of its list (px-3).
  const sizing = variant === "link" ? "text-sm" : align === "start" ? "px-3 py-2 text-sm" : size === "sm" ? "px-2.5 py-1.5 text-sm" : "px-4 py-2 text-sm";
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex items-center gap-2 rounded-md font-medium ${variant === "link" || align === "start" ? "justify-start text-left" : "justify-center"} transition-colors disabled:cursor-not-allowed ${sizing} ${VARIANTS[variant]} ${className}`}
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
}

/**
 * The design system's icon-only button (the mobile menu, close buttons). The icon is hidden from
 * screen readers, which read `label`. `className` sets the tone where it sits on a dark or coloured surface.
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, className = "", type = "button", children, ...rest }, ref) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      className={`inline-flex shrink-0 items-center justify-center rounded-md leading-none transition-colors hover:bg-black/5 dark:hover:bg-white/10 ${className}`}
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
