import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inviteUser, queryClient, queryKeys, updateMember, type MapSummary, type Member, type OpenInvitation } from '../../../api';
import { toasts } from '../../../layout/toasts';
import { validateInvite } from '../../forms';
import { memberPatch, memberRow, saveBlocker, type MemberRow, type PendingInvite } from '../../overview/clientSettings';
import { QuotaDialog } from '../../overview/Dialogs';
import { quotaText, type QuotaText } from '../../overview/overview';
import { useFailureText } from '../../useFailureText';
import { InviteSection } from './InviteSection';
import { MembersSection } from './MembersSection';

/** The members and invitations of a client, edited here and saved together; a quota reached is explained in a dialog. */
export function UserManagement({
  clientName,
  members,
  invitations,
  maps,
}: {
  clientName: string;
  members: Member[];
  invitations: OpenInvitation[];
  maps: MapSummary[];
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [rows, setRows] = useState<MemberRow[]>(() => members.map(memberRow));
  const [pending, setPending] = useState<PendingInvite[]>([{ email: '', role: 'editor' }]);
  const [inviting, setInviting] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [blocked, setBlocked] = useState<'inviteFirst' | 'nothing' | null>(null);
  const [quota, setQuota] = useState<QuotaText | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.clientMembers(clientName) });
  const update = (i: number, change: Partial<MemberRow>) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));
    setBlocked(null);
  };

  async function invite(i: number) {
    const p = pending[i];
    if (!p) return;
    const problems = validateInvite(p.email, p.role);
    if (problems.email) {
      toasts.error(t('problems.emailInvalid'));
      return;
    }
    setInviting(i);
    try {
      const result = await inviteUser(clientName, { email: p.email.trim(), role: p.role });
      const values = { email: result.email, role: t(`roles.${result.role}`), client: clientName };
      toasts.success(result.has_account ? t('invite.sentToAccount', values) : t('invite.sent', values));
      setPending((ps) => ps.filter((_, j) => j !== i));
      setBlocked(null);
      await refresh();
    } catch (err) {
      const q = quotaText(err, true);
      if (q) setQuota(q);
      else toasts.error(t('invite.failed', { reason: failureText(err) }));
    } finally {
      setInviting(null);
    }
  }

  async function save() {
    const why = saveBlocker(rows, pending);
    setBlocked(why);
    if (why) return;
    setSaving(true);
    try {
      for (const row of rows) {
        const patch = memberPatch(row);
        if (patch) await updateMember(clientName, row.member.id, patch);
      }
      toasts.success(t('clientSettings.usersSaved'));
      await refresh();
    } catch (err) {
      const q = quotaText(err, true);
      if (q) setQuota(q);
      else toasts.error(t('clientSettings.usersFailed', { reason: failureText(err) }));
      await refresh();
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <InviteSection
        clientName={clientName}
        pending={pending}
        setPending={setPending}
        inviting={inviting}
        onInvite={(i) => void invite(i)}
        invitations={invitations}
      />
      <MembersSection
        clientName={clientName}
        rows={rows}
        maps={maps}
        update={update}
        blocked={blocked}
        saving={saving}
        onSave={() => void save()}
      />
      {quota && (
        <QuotaDialog
          quota={quota}
          onClose={() => {
            setQuota(null);
          }}
        />
      )}
    </>
  );
}
