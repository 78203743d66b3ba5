/**
 * Shows HTML produced by renderMarkdown (raw HTML disabled, unsafe links dropped), with the reading
 * styles of articles and help pages.
 */
export function MarkdownView({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`max-w-none break-words text-slate-800 dark:text-slate-200 [&_a]:font-medium [&_a]:text-brand-600 [&_a]:underline dark:[&_a]:text-brand-100 [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600 dark:[&_blockquote]:border-slate-700 dark:[&_blockquote]:text-slate-400 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em] dark:[&_code]:bg-slate-800 [&_h1]:mb-4 [&_h1]:mt-8 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mb-3 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_hr]:my-8 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800 [&_img]:my-4 [&_img]:max-w-full [&_img]:rounded-md [&_li]:my-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4 [&_p]:leading-7 [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-100 [&_pre]:p-4 dark:[&_pre]:bg-slate-800 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 dark:[&_td]:border-slate-700 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left dark:[&_th]:border-slate-700 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&>*:first-child]:mt-0 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
