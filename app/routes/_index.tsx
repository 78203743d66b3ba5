import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { optionalUser } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const current = await optionalUser(request, context);
  if (current) throw redirect(current.user.role === "ADMIN" ? "/admin" : "/snapshots");
  return null;
}

export default function Landing() {
  return (
    <main className="p-10">
      <h1 className="text-3xl font-bold">Migrate</h1>
    </main>
  );
}
