import type { T } from '../../i18n/translate';

/** A course's progress bar with its words: the course pages and the candidate workspace. */
export function Progress({ done, total, t }: { done: number; total: number; t: T }) {
  const percent = total ? Math.round((done * 100) / total) : 0;
  return (
    <div className="progress-block">
      <progress className="progress" max={total || 1} value={done} aria-label={t('learning.progressLabel')} />
      <span className="muted">{t('learning.progress', { done, total, percent })}</span>
    </div>
  );
}
