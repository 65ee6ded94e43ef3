import { useId, useMemo, type KeyboardEvent } from 'react';
import type { BlueprintDocument } from '../../lib/blueprint-document';
import { clip, edgeLabel, NODE_HEIGHT, NODE_WIDTH, relationshipGraph } from '../../lib/relationship-graph';

interface RelationshipGraphProps {
  document: Pick<BlueprintDocument, 'tables'>;
  selected: number;
  onSelect(index: number): void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The draft's tables and how they relate, redrawn as the draft changes.
 *
 * Two SVGs share one viewBox and one grid cell: the edges are a picture
 * (role="img", whose children screen readers never reach), and the tables sit
 * on top as focusable buttons, which a role="img" would have hidden.
 */
export function RelationshipGraph({ document, selected, onSelect }: RelationshipGraphProps) {
  const id = useId().replace(/[^\w-]/g, '');
  const graph = useMemo(() => relationshipGraph(document), [document]);
  const { x, y, width, height } = graph.viewBox;
  const viewBox = `${x} ${y} ${width} ${height}`;
  // Shrinks to fit down to 60 % of its natural size; below that the box scrolls.
  const size = { maxWidth: width, minWidth: Math.round(width * 0.6) };
  const summary = `Relationship graph: ${plural(graph.nodes.length, 'table')}, ${plural(graph.edges.length, 'relationship')}.`;

  function onKeyDown(event: KeyboardEvent, index: number) {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(index);
  }

  return (
    <section className="relationship-graph" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Relationship graph</h2>
      {graph.nodes.length === 0 ? (
        <p className="empty">No tables to show.</p>
      ) : (
        <div className="graph-scroll">
          <div className="graph-canvas" style={size}>
            <svg viewBox={viewBox} role="img" aria-label={summary} aria-describedby={`${id}-list`} className="graph-edges">
              <defs>
                <marker id={`${id}-arrow`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                  <path d="M 0 0 L 10 5 L 0 10 z" className="graph-arrow" />
                </marker>
              </defs>
              {graph.edges.map((edge, i) => (
                <g key={i} className={`graph-edge graph-edge-${edge.kind}`}>
                  <path d={edge.path} className={edge.dashed ? 'dashed' : undefined} markerEnd={`url(#${id}-arrow)`} data-edge={edge.text} />
                  <text x={edge.labelX} y={edge.labelY} textAnchor={edge.labelAnchor} dominantBaseline="middle">
                    {edgeLabel(edge.label)}
                  </text>
                </g>
              ))}
            </svg>
            <svg viewBox={viewBox} role="group" aria-label="Tables: select one to edit" className="graph-nodes">
              {graph.nodes.map((node) => {
                const isSelected = node.index === selected;
                return (
                  <g
                    key={node.index}
                    role="button"
                    tabIndex={0}
                    aria-current={isSelected ? 'true' : undefined}
                    className={isSelected ? 'graph-node selected' : 'graph-node'}
                    transform={`translate(${node.x} ${node.y})`}
                    onClick={() => onSelect(node.index)}
                    onKeyDown={(e) => onKeyDown(e, node.index)}
                  >
                    {/* The name comes from the content, as it shows (axe: label-content-name-mismatch); hidden spans add "Table" and the pauses. */}
                    <rect width={NODE_WIDTH} height={NODE_HEIGHT} rx="6" />
                    <text x="12" y="22" className="graph-node-name">
                      <tspan className="svg-hidden">Table </tspan>
                      {clip(node.name, 19)}
                      <tspan className="svg-hidden">, </tspan>
                    </text>
                    <text x="12" y="42" className="graph-node-meta">
                      {clip(node.rows, 24)}
                      <tspan className="svg-hidden">, </tspan>
                    </text>
                    <text x="12" y="57" className="graph-node-meta">
                      {node.fields}
                    </text>
                  </g>
                );
              })}
            </svg>
          </div>
        </div>
      )}
      <div id={`${id}-list`} className="visually-hidden">
        <p>Relationships</p>
        {graph.edges.length === 0 ? (
          <p>No relationships between tables.</p>
        ) : (
          <ul>
            {graph.edges.map((edge, i) => (
              <li key={i}>{edge.text}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
