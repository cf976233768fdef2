import './shared-mark.css';

/**
 * The mark of a record the department sees: "Shared" on the scout's own shared list or final report, or
 * the colleague's name on one of theirs (read-only here). `compact`: an icon with the words for screen
 * readers and as a tooltip, for tight places (a list's tab).
 */
export function SharedMark({ scout, compact }: { scout?: string; compact?: boolean }) {
  const words = scout ? `By ${scout}, read-only` : 'Shared with the department';
  if (compact) {
    return (
      <span className="shared-mark compact" title={words} role="img" aria-label={words}>
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
          <path
            d="M5 7.5a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4ZM11 7.5a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4ZM1.5 13c0-2 1.6-3.6 3.5-3.6S8.5 11 8.5 13M7.5 13c0-2 1.6-3.6 3.5-3.6s3.5 1.6 3.5 3.6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.4"
            strokeLinecap="round"
          />
        </svg>
      </span>
    );
  }
  return (
    <span className={scout ? 'shared-mark colleague' : 'shared-mark'} title={words}>
      {scout ? (
        <>
          By <bdi>{scout}</bdi> · read-only
        </>
      ) : (
        'Shared'
      )}
    </span>
  );
}

/** A mark of the department with words of its own ("Department board"), in the look of "Shared". */
export function DepartmentMark({ words }: { words: string }) {
  return <span className="shared-mark">{words}</span>;
}
