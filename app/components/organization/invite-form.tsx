import { useState, type FormEvent } from "react";
import type { OrgRole } from "../../../workers/contracts/auth";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { ORGANIZATION_TEXT, assignableRoles } from "./texts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invites by e-mail with a role; MEMBER is the default (spec §5). */
export function InviteForm({ myRole, onInvite }: { myRole: OrgRole; onInvite: (email: string, role: OrgRole) => Promise<boolean> }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OrgRole>("MEMBER");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setError(ORGANIZATION_TEXT.emailRequired);
      return;
    }
    setError(null);
    setBusy(true);
    const ok = await onInvite(value, role);
    setBusy(false);
    if (ok) {
      setEmail("");
      setRole("MEMBER");
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={ORGANIZATION_TEXT.invite} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
      <TextField label="E-mail" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
      <SelectField label="Role" value={role} options={assignableRoles(myRole)} onChange={(e) => setRole(e.target.value as OrgRole)} />
      <Button type="submit" loading={busy} className="sm:mt-6">
        {ORGANIZATION_TEXT.inviteButton}
      </Button>
    </form>
  );
}
