import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword, patchUser, type User } from '../../api';
import { Button } from '../../layout/Button';
import { TextField } from '../../layout/Form';
import { Page } from '../../layout/Page';
import { toasts } from '../../layout/toasts';
import { session } from '../app-session';
import { isEmail, MIN_PASSWORD_LENGTH, validatePasswordPair } from '../forms';
import styles from '../overview/Account.module.css';
import { readPicture } from '../overview/picture';
import { problem, problemText, serverProblems, type FieldProblems } from '../problems';
import { useSession } from '../useSession';

/** User settings: the profile (first name, surname, e-mail, picture) and the password. */
export default function UserSettingsScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <Page title={t('userSettings.title')} subtitle={user.email}>
      <ProfileForm user={user} />
      <PasswordForm user={user} />
    </Page>
  );
}

type ProfileField = 'first_name' | 'surname' | 'email' | 'current_password' | 'avatar_url';

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [firstName, setFirstName] = useState(user.first_name);
  const [surname, setSurname] = useState(user.surname);
  const [email, setEmail] = useState(user.email);
  // A new address needs the current password, and counts once the link mailed to it is followed.
  const [currentPassword, setCurrentPassword] = useState('');
  const [pendingEmail, setPendingEmail] = useState<string | null>(user.pending_email ?? null);
  const emailChanged = email.trim().toLowerCase() !== user.email;
  const [picture, setPicture] = useState<string | null>(user.avatar_url);
  const [problems, setProblems] = useState<FieldProblems<ProfileField>>({});
  const [saving, setSaving] = useState(false);

  async function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await readPicture(file);
    if (read.kind === 'ok') {
      setPicture(read.dataUrl);
      setProblems((p) => ({ ...p, avatar_url: undefined }));
    } else {
      setProblems((p) => ({ ...p, avatar_url: { reason: t(`userSettings.picture.${read.kind}`) } }));
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found: FieldProblems<ProfileField> = {};
    if (!isEmail(email.trim())) found.email = problem('emailInvalid');
    if (emailChanged && currentPassword === '') found.current_password = problem('required');
    if (firstName.length > 100) found.first_name = problem('tooLong');
    if (surname.length > 100) found.surname = problem('tooLong');
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const updated = await patchUser(user.id, {
        first_name: firstName.trim(),
        surname: surname.trim(),
        ...(emailChanged ? { email: email.trim(), current_password: currentPassword } : {}),
        avatar_url: picture ?? '',
      });
      session.updateUser(updated);
      setCurrentPassword('');
      if (emailChanged && updated.pending_email) {
        setPendingEmail(updated.pending_email);
        setEmail(updated.email);
        toasts.success(t('userSettings.emailLinkSent', { email: updated.pending_email }));
      } else {
        toasts.success(t('userSettings.profileSaved'));
      }
    } catch (err) {
      const fromServer = serverProblems(err, ['first_name', 'surname', 'email', 'current_password', 'avatar_url'] as const);
      const current = fromServer.problems.current_password;
      if (current && 'code' in current && current.code === 'wrong_password') {
        fromServer.problems.current_password = { reason: t('userSettings.currentWrong') };
      }
      if (Object.values(fromServer.problems).some(Boolean)) setProblems(fromServer.problems);
      else toasts.error(t('userSettings.profileFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
      <h2 className={styles.sectionTitle}>{t('userSettings.profile')}</h2>
      <div className={styles.avatarRow}>
        {picture ? (
          <img className={styles.avatar} src={picture} alt={t('userSettings.picture.alt')} />
        ) : (
          <span className={styles.avatar} aria-hidden="true" />
        )}
        <label className={styles.chip}>
          {t('userSettings.picture.choose')}
          <input type="file" accept="image/png,image/jpeg,image/webp" hidden onChange={(e) => void choosePicture(e)} />
        </label>
        {picture && (
          <Button
            size="small"
            variant="ghost"
            onClick={() => {
              setPicture(null);
            }}
          >
            {t('userSettings.picture.remove')}
          </Button>
        )}
      </div>
      {problems.avatar_url && <p className={styles.blocker}>{problemText(t, problems.avatar_url)}</p>}
      <div className={styles.formGrid}>
        <TextField
          label={t('userSettings.firstName')}
          name="first_name"
          autoComplete="given-name"
          value={firstName}
          onValueChange={setFirstName}
          problem={problems.first_name}
        />
        <TextField
          label={t('userSettings.surname')}
          name="surname"
          autoComplete="family-name"
          value={surname}
          onValueChange={setSurname}
          problem={problems.surname}
        />
      </div>
      <TextField
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        problem={problems.email}
      />
      {pendingEmail && (
        <p className={styles.hint} data-testid="email-pending">
          {t('userSettings.emailPending', { email: pendingEmail })}
        </p>
      )}
      {emailChanged && (
        <TextField
          label={t('userSettings.currentPassword')}
          type="password"
          name="email_current_password"
          autoComplete="current-password"
          value={currentPassword}
          onValueChange={setCurrentPassword}
          problem={problems.current_password}
          hint={t('userSettings.emailChangeHint')}
        />
      )}
      <div>
        <Button type="submit" busy={saving}>
          {t('userSettings.saveProfile')}
        </Button>
      </div>
    </form>
  );
}

type PasswordField = 'current_password' | 'password' | 'password_confirmation';

function PasswordForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<FieldProblems<PasswordField>>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found: FieldProblems<PasswordField> = { ...validatePasswordPair(password, confirmation) };
    if (current === '') found.current_password = problem('required');
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      await changePassword(user.id, { current_password: current, password, password_confirmation: confirmation });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      toasts.success(t('userSettings.passwordSaved'));
    } catch (err) {
      const fromServer = serverProblems(err, ['current_password', 'password', 'password_confirmation'] as const);
      if (fromServer.problems.current_password) fromServer.problems.current_password = { reason: t('userSettings.currentWrong') };
      if (Object.values(fromServer.problems).some(Boolean)) setProblems(fromServer.problems);
      else toasts.error(t('userSettings.passwordFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.section} onSubmit={(e) => void submit(e)} noValidate data-testid="password-form">
      <h2 className={styles.sectionTitle}>{t('userSettings.password')}</h2>
      <p className={styles.hint}>{t('userSettings.passwordHint')}</p>
      <TextField
        label={t('userSettings.currentPassword')}
        type="password"
        name="current_password"
        autoComplete="current-password"
        value={current}
        onValueChange={setCurrent}
        problem={problems.current_password}
      />
      <TextField
        label={t('password.new')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        problem={problems.password}
        hint={t('password.hint', { min: MIN_PASSWORD_LENGTH })}
      />
      <TextField
        label={t('password.confirm')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onValueChange={setConfirmation}
        problem={problems.password_confirmation}
      />
      <div>
        <Button type="submit" busy={saving}>
          {t('userSettings.savePassword')}
        </Button>
      </div>
    </form>
  );
}
