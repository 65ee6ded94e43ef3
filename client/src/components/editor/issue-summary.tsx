import type { BlueprintDocument } from '../../lib/blueprint-document';
import { describeIssuePlace, type LocatedIssue } from '../../lib/document-issues';

interface IssueSummaryProps {
  issues: readonly LocatedIssue[];
  document: BlueprintDocument;
  onShowTable(index: number): void;
}

/** Every problem the server found in the draft, each leading to its table. */
export function IssueSummary({ issues, document, onShowTable }: IssueSummaryProps) {
  if (issues.length === 0) return null;
  return (
    <section className="error-box issue-summary" aria-labelledby="issues-heading">
      <h2 id="issues-heading">
        {issues.length} problem{issues.length === 1 ? '' : 's'} in this blueprint
      </h2>
      <ul>
        {issues.map((issue, i) => (
          <li key={i}>
            {issue.table !== undefined ? (
              <button type="button" className="link-button" onClick={() => onShowTable(issue.table!)}>
                {describeIssuePlace(issue, document.tables)}
              </button>
            ) : (
              <strong>{describeIssuePlace(issue, document.tables)}</strong>
            )}
            : {issue.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
