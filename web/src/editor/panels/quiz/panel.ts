// The quiz folder's panel as the registry (panels/registry.ts) and the side menu know it.
// One quiz's questions and answers (quizForm) is reached from the quiz list: the quizzes' role and lock.
import type { PanelDefinition } from '../types';
import { QuizPanel } from './QuizPanel';

export const quizPanel: PanelDefinition = {
  kind: 'panel',
  id: 'quiz',
  menu: [
    { id: 'quiz', group: 'organize', role: 'editor', lock: 'quiz' },
    { id: 'quizForm', group: 'organize', role: 'editor', lock: 'quiz' },
  ],
  Component: QuizPanel,
};
