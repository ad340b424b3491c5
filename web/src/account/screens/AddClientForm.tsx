import { useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createClient, queryClient, queryKeys } from '../../api';
import { Button } from '../../layout/Button';
import { TextField } from '../../layout/Form';
import { focusFirstProblem } from '../../layout/focus';
import { toasts } from '../../layout/toasts';
import { CLIENT_FIELDS, CLIENT_NAME_MAX, slugFromTitle, validateClient, type ClientField } from '../forms';
import { hasProblems, serverProblems, type FieldProblems } from '../problems';
import { useFailureText } from '../useFailureText';
import styles from './ClientsScreen.module.css';

/** The superuser's inline form for a new client: a title, and a name suggested from it. */
export function AddClientForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const form = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [problems, setProblems] = useState<FieldProblems<ClientField>>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = validateClient(name, title);
    setProblems(found);
    if (hasProblems(found)) {
      focusFirstProblem(form.current);
      return;
    }
    setSubmitting(true);
    try {
      const client = await createClient({ name, title: title.trim() });
      await queryClient.invalidateQueries({ queryKey: queryKeys.clients });
      toasts.success(t('clients.created', { title: client.title }));
      onDone();
    } catch (err) {
      const fromServer = serverProblems(err, CLIENT_FIELDS);
      if (hasProblems(fromServer.problems)) {
        setProblems(fromServer.problems);
        focusFirstProblem(form.current);
      } else {
        toasts.error(t('clients.createFailed', { reason: failureText(err) }));
      }
      setSubmitting(false);
    }
  }

  return (
    <section className={styles.addCard} aria-labelledby="add-client-title">
      <h2 id="add-client-title" className={styles.addTitle}>
        {t('clients.addTitle')}
      </h2>
      <form ref={form} className={styles.addForm} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('clients.fields.title')}
          name="title"
          value={title}
          onValueChange={(value) => {
            setTitle(value);
            if (!nameEdited) setName(slugFromTitle(value));
          }}
          problem={problems.title}
          placeholder={t('clients.fields.titlePlaceholder')}
          autoComplete="off"
          autoFocus
        />
        <TextField
          label={t('clients.fields.name')}
          name="name"
          value={name}
          onValueChange={(value) => {
            setName(value);
            setNameEdited(true);
          }}
          problem={problems.name}
          hint={t('clients.fields.nameHint', { path: `/clients/${name || '…'}` })}
          placeholder={t('clients.fields.namePlaceholder')}
          maxLength={CLIENT_NAME_MAX}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
        />
        <div className={styles.addActions}>
          <Button variant="secondary" onClick={onDone} disabled={submitting}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" busy={submitting}>
            {submitting ? t('clients.creating') : t('clients.create')}
          </Button>
        </div>
      </form>
    </section>
  );
}
