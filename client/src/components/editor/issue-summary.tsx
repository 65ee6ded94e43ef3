import type { BlueprintDocument } from '../../lib/blueprint-document';
import { describeIssue, type LocatedIssue } from '../../lib/document-issues';
import { formatNumbersInText, humanizeName } from '../../lib/format';

interface IssueSummaryProps {
  issues: readonly LocatedIssue[];
  document: BlueprintDocument;
  /** Selects the issue's table and puts the focus on the control it is about. */
  onShow(issue: LocatedIssue): void;
}

/** Every problem in the draft at once (the editor's own checks and the server's), each leading to its place. */
export function IssueSummary({ issues, document, onShow }: IssueSummaryProps) {
  if (issues.length === 0) return null;
  return (
    <section className="error-box issue-summary" aria-labelledby="issues-heading">
      <h2 id="issues-heading">
        {issues.length} problem{issues.length === 1 ? '' : 's'} in this blueprint
      </h2>
      <ul>
        {issues.map((issue, i) => {
          const { place, text } = describeIssue(issue, document.tables, humanizeName);
          return (
            <li key={i}>
              <button type="button" className="link-button" onClick={() => onShow(issue)}>
                {place}
              </button>
              : {formatNumbersInText(text)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
