import { useTranslation } from 'react-i18next';
import type { FieldProblems } from '../../../api/http';
import { problemFromServer, problemText } from '../../../account/problems';

/** A server problem's words for a field path, to hand to a field; null when there is none. */
export function useServerProblemText(problems: FieldProblems): (path: string) => string | null {
  const { t } = useTranslation();
  return (path) => {
    const p = problems[path];
    return p ? problemText(t, problemFromServer(p, t('problems.invalid'))) : null;
  };
}
