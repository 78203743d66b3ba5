import { useNavigate } from "@remix-run/react";
import { useMemo, useState, type FormEvent } from "react";
import type { NewsArticleDto, NewsStatus } from "../../../workers/contracts/admin";
import { useApi, useToasts } from "~/components/app/app-context";
import { MarkdownView } from "~/components/markdown/markdown-view";
import { Button } from "~/components/ui/button";
import { ErrorState } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SelectField, TextField } from "~/components/ui/field";
import { Tabs } from "~/components/ui/tabs";
import { TextAreaField } from "~/components/ui/text-area";
import { ApiRequestError } from "~/lib/api-client";
import { fieldErrors } from "~/lib/auth-client";
import { renderMarkdown } from "~/lib/markdown";
import { slugify } from "~/lib/slug";
import { NEWS_STATUS_OPTIONS, NEWS_TEXT } from "./news-texts";

/** The news editor of /admin/news/new and /admin/news/{id}: title, slug, summary, Markdown body, publish state. */
export function NewsEditor({ article }: { article: NewsArticleDto | null }) {
  const api = useApi();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(article);
  const [title, setTitle] = useState(article?.title ?? "");
  const [slug, setSlug] = useState(article?.slug ?? "");
  // A new article's slug follows its title until the slug is edited by hand.
  const [slugTouched, setSlugTouched] = useState(article !== null);
  const [summary, setSummary] = useState(article?.summary ?? "");
  const [body, setBody] = useState(article?.bodyMarkdown ?? "");
  const [status, setStatus] = useState<NewsStatus>(article?.status ?? "draft");
  const [tab, setTab] = useState("write");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const previewHtml = useMemo(() => (tab === "preview" ? renderMarkdown(body) : ""), [tab, body]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setError(null);
    const payload = { title, slug, summary, bodyMarkdown: body, status };
    try {
      if (saved) {
        const res = await api.put<{ article: NewsArticleDto }>(`/v1/admin/news/${saved.id}`, payload);
        setSaved(res.article);
        toasts.show({ message: NEWS_TEXT.saved, type: "success" });
      } else {
        const res = await api.post<{ article: NewsArticleDto }>("/v1/admin/news", payload);
        toasts.show({ message: NEWS_TEXT.created, type: "success" });
        navigate(`/admin/news/${res.article.id}`, { replace: true });
      }
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (fields.bodyMarkdown) setTab("write");
      if (Object.keys(fields).length === 0) setError(err instanceof ApiRequestError ? err.error : NEWS_TEXT.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!saved) return;
    setDeleting(true);
    try {
      await api.del(`/v1/admin/news/${saved.id}`);
      toasts.show({ message: NEWS_TEXT.deleted, type: "success" });
      navigate("/admin/news", { replace: true });
    } catch {
      toasts.show({ message: NEWS_TEXT.deleteFailed, type: "error" });
      setDeleting(false);
      setConfirmDelete(false);
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={saved ? NEWS_TEXT.editTitle : NEWS_TEXT.newTitle}>
        <TextField
          label={NEWS_TEXT.title}
          value={title}
          required
          error={errors.title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (!slugTouched) setSlug(slugify(e.target.value));
          }}
        />
        <TextField
          label={NEWS_TEXT.slug}
          value={slug}
          error={errors.slug}
          hint={NEWS_TEXT.slugHint(slug)}
          onChange={(e) => {
            setSlugTouched(true);
            setSlug(e.target.value);
          }}
          className="font-mono"
        />
        <TextAreaField label={NEWS_TEXT.summary} hint={NEWS_TEXT.summaryHint} rows={2} value={summary} error={errors.summary} onChange={(e) => setSummary(e.target.value)} />
        <div>
          <Tabs label={NEWS_TEXT.bodyTabs} tabs={[{ id: "write", label: NEWS_TEXT.write }, { id: "preview", label: NEWS_TEXT.preview }]} current={tab} onChange={setTab} />
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="-mt-3">
            {tab === "write" ? (
              <TextAreaField label={NEWS_TEXT.body} hint={NEWS_TEXT.bodyHint} rows={16} value={body} error={errors.bodyMarkdown} onChange={(e) => setBody(e.target.value)} className="font-mono" />
            ) : body.trim() ? (
              <div className="min-h-40 rounded-md border border-slate-200 p-4 dark:border-slate-800">
                <MarkdownView html={previewHtml} />
              </div>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">{NEWS_TEXT.nothingToPreview}</p>
            )}
          </div>
        </div>
        <div className="max-w-xs">
          <SelectField label={NEWS_TEXT.status} value={status} options={NEWS_STATUS_OPTIONS} onChange={(e) => setStatus(e.target.value as NewsStatus)} />
        </div>
        {error ? <ErrorState message={error} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <div className="flex flex-wrap items-center gap-3">
            {saved ? (
              <Button variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setConfirmDelete(true)}>
                {NEWS_TEXT.delete}
              </Button>
            ) : null}
            {saved?.status === "published" ? (
              <a href={`/news/${saved.slug}`} className="text-sm font-medium text-brand-600 underline dark:text-brand-100">
                {NEWS_TEXT.view}
              </a>
            ) : null}
          </div>
          <Button type="submit" loading={busy}>
            {saved ? NEWS_TEXT.save : NEWS_TEXT.create}
          </Button>
        </div>
      </form>
      <ConfirmDialog open={confirmDelete} title={NEWS_TEXT.deleteConfirm(saved?.title ?? "")} confirmLabel={NEWS_TEXT.delete} busy={deleting} onCancel={() => setConfirmDelete(false)} onConfirm={() => void remove()}>
        <p>{NEWS_TEXT.deleteBody}</p>
      </ConfirmDialog>
    </>
  );
}
