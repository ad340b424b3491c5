import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { login } from '../../api';
import { signInWith } from '../app-session';
import { AuthLayout } from '../AuthLayout';
import { classifyLoginError, isLoginField, validateLogin, type FieldProblems, type LoginFailure, type LoginField } from '../loginForm';
import { Button } from '../../layout/Button';
import { FormAlert } from '../../layout/Form';
import styles from '../../layout/Form.module.css';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [serverFields, setServerFields] = useState<LoginField[]>([]);
  const [failure, setFailure] = useState<LoginFailure | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const values = { email, password, rememberMe };
    const found = validateLogin(values);
    setProblems(found);
    setServerFields([]);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${found.email ? 'email' : 'password'}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const user = await login({ email: email.trim(), password, remember_me: rememberMe });
      await signInWith(user);
      await navigate('/', { replace: true });
    } catch (err) {
      const result = classifyLoginError(err);
      setFailure(result);
      if (result.kind === 'fields') setServerFields(result.fields.filter(isLoginField));
      setSubmitting(false);
    }
  }

  function failureText(result: LoginFailure): string {
    switch (result.kind) {
      case 'invalidCredentials':
        return t('login.errors.invalidCredentials');
      case 'rateLimited':
        return t('login.errors.rateLimited');
      case 'busy':
        return t('login.errors.busy');
      case 'network':
        return t('login.errors.network');
      case 'generic':
        return t('login.errors.generic');
      case 'fields':
        return t('login.errors.checkFields', {
          fields: result.fields
            .map((name) => (name === 'email' || name === 'password' || name === 'remember_me' ? t(`fields.${name}`) : name))
            .join(', '),
        });
    }
  }

  const invalid = (field: LoginField) =>
    problems[field] !== undefined || serverFields.includes(field) || failure?.kind === 'invalidCredentials';
  const problemId = (field: LoginField) => `${id}-${field}-problem`;

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {failure && <FormAlert testId="login-error">{failureText(failure)}</FormAlert>}

        <div className={styles.field}>
          <label htmlFor={`${id}-email`} className={styles.label}>
            {t('login.email')}
          </label>
          <input
            id={`${id}-email`}
            className={styles.input}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder={t('login.emailPlaceholder')}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
            }}
            aria-invalid={invalid('email')}
            aria-describedby={problems.email ? problemId('email') : undefined}
            autoFocus
          />
          {problems.email && (
            <p id={problemId('email')} className={styles.problem}>
              {t(`login.errors.${problems.email}`)}
            </p>
          )}
        </div>

        <div className={styles.field}>
          <label htmlFor={`${id}-password`} className={styles.label}>
            {t('login.password')}
          </label>
          <input
            id={`${id}-password`}
            className={styles.input}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
            }}
            aria-invalid={invalid('password')}
            aria-describedby={problems.password ? problemId('password') : undefined}
          />
          {problems.password && (
            <p id={problemId('password')} className={styles.problem}>
              {t(`login.errors.${problems.password}`)}
            </p>
          )}
        </div>

        <div className={styles.row}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="remember_me"
              checked={rememberMe}
              onChange={(e) => {
                setRememberMe(e.target.checked);
              }}
            />
            <span>{t('login.rememberMe')}</span>
          </label>
          <Link to="/reset-password" className={styles.forgot}>
            {t('login.forgotPassword')}
          </Link>
        </div>

        <Button type="submit" block busy={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
