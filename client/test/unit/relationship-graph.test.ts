import type { FieldDef, TableDef } from '../../src/lib/blueprint-document';
import { relationshipGraph, type RelationshipGraph } from '../../src/lib/relationship-graph';

const id: FieldDef = { name: 'id', generator: 'sequence' };
const ref = (name: string, table: string, nullRate?: number): FieldDef => ({ name, generator: 'ref', options: { table }, ...(nullRate === undefined ? {} : { nullRate }) });
const table = (name: string, rows: TableDef['rows'], ...fields: FieldDef[]): TableDef => ({ name, rows, fields: [id, ...fields] });

const layerOf = (graph: RelationshipGraph, name: string) => graph.nodes.find((n) => n.name === name)!.layer;
const texts = (graph: RelationshipGraph) => graph.edges.map((e) => e.text);

describe('relationshipGraph', () => {
  // Children listed before their parents, so document order alone would put them first.
  const shop = [
    table('items', { perParent: 'orders', min: 1, max: 4 }, ref('order_id', 'orders'), ref('product_id', 'products')),
    table('orders', { perParent: 'users', min: 0, max: 3 }, ref('user_id', 'users')),
    table('users', 1000),
    table('products', { perParent: 'users' }),
  ];

  it('has a node per table with its row count or parent and field count', () => {
    const graph = relationshipGraph({ tables: shop });
    expect(graph.nodes.map((n) => [n.name, n.rows, n.fields]).sort()).toEqual([
      ['items', 'per orders', '3 fields'],
      ['orders', 'per users', '2 fields'],
      ['products', 'per users', '1 field'],
      ['users', '1,000 rows', '1 field'],
    ]);
  });

  it('has an edge per ref field, labelled with the field, and per per-parent count, labelled with its range', () => {
    const graph = relationshipGraph({ tables: shop });
    expect(graph.edges.map((e) => [e.kind, shop[e.from].name, shop[e.to].name, e.label, e.dashed])).toEqual([
      ['perParent', 'items', 'orders', '1–4', false],
      ['ref', 'items', 'orders', 'order_id', false],
      ['ref', 'items', 'products', 'product_id', false],
      ['perParent', 'orders', 'users', '0–3', false],
      ['ref', 'orders', 'users', 'user_id', false],
      ['perParent', 'products', 'users', 'per parent', false],
    ]);
    expect(texts(graph)).toContain('orders.user_id → users');
    expect(texts(graph)).toContain('orders: rows per users (0–3 each)');
    expect(texts(graph)).toContain('products: rows per users');
  });

  it('puts every parent in a layer above its children, and nodes of a layer side by side', () => {
    const graph = relationshipGraph({ tables: shop });
    expect(layerOf(graph, 'users')).toBe(0);
    expect(layerOf(graph, 'orders')).toBe(1);
    expect(layerOf(graph, 'products')).toBe(1);
    expect(layerOf(graph, 'items')).toBe(2);
    for (const edge of graph.edges) {
      const [child, parent] = [graph.nodes.find((n) => n.index === edge.from)!, graph.nodes.find((n) => n.index === edge.to)!];
      expect(parent.y).toBeLessThan(child.y);
    }
    const [orders, products] = ['orders', 'products'].map((name) => graph.nodes.find((n) => n.name === name)!);
    expect(orders.y).toBe(products.y);
    expect(Math.abs(orders.x - products.x)).toBeGreaterThanOrEqual(176);
    // Everything drawn lies inside the viewBox.
    const { x, y, width, height } = graph.viewBox;
    for (const n of graph.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(x);
      expect(n.x + 176).toBeLessThanOrEqual(x + width);
      expect(n.y + 64).toBeLessThanOrEqual(y + height);
    }
  });

  it('places edge labels so they do not overlap each other', () => {
    const graph = relationshipGraph({ tables: shop });
    const boxes = graph.edges.map((e) => {
      const width = e.label.length * 6.6;
      const left = e.labelAnchor === 'end' ? e.labelX - width : e.labelX;
      return { left, right: left + width, top: e.labelY - 8, bottom: e.labelY + 8 };
    });
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).toBe(false)),
    );
  });

  it('is deterministic', () => {
    expect(relationshipGraph({ tables: shop })).toEqual(relationshipGraph({ tables: shop }));
  });

  it('matches table names case-insensitively and leaves out references to missing tables', () => {
    const graph = relationshipGraph({ tables: [table('users', 5), table('orders', 5, ref('user_id', 'USERS'), ref('ghost_id', 'ghosts'))] });
    expect(texts(graph)).toEqual(['orders.user_id → users']);
  });

  it('terminates on a cycle closed by a nullable reference, which is drawn dashed and left out of the layering', () => {
    // The nullable edge comes first in the document; the required one still decides the layers.
    const tables = [
      table('teams', 5, ref('lead_id', 'employees', 0.2)),
      table('employees', 50, ref('team_id', 'teams')),
    ];
    const graph = relationshipGraph({ tables });
    expect(layerOf(graph, 'teams')).toBe(0);
    expect(layerOf(graph, 'employees')).toBe(1);
    const lead = graph.edges.find((e) => e.label === 'lead_id')!;
    expect(lead).toMatchObject({ dashed: true, closesCycle: true, text: 'teams.lead_id → employees (nullable)' });
    expect(graph.edges.find((e) => e.label === 'team_id')).toMatchObject({ dashed: false, closesCycle: false });
  });

  it('terminates on a cycle of required references too (an invalid draft is still drawn)', () => {
    const tables = [table('a', 1, ref('b_id', 'b')), table('b', 1, ref('c_id', 'c')), table('c', 1, ref('a_id', 'a'))];
    const graph = relationshipGraph({ tables });
    expect(graph.nodes).toHaveLength(3);
    expect(graph.edges.filter((e) => e.closesCycle)).toHaveLength(1);
    expect(new Set(graph.nodes.map((n) => n.layer))).toEqual(new Set([0, 1, 2]));
  });

  it('draws a self-reference as a loop on its own node, without moving it down a layer', () => {
    const graph = relationshipGraph({ tables: [table('employees', 10, ref('manager_id', 'employees', 0.1))] });
    const [node] = graph.nodes;
    expect(node.layer).toBe(0);
    const [loop] = graph.edges;
    expect(loop).toMatchObject({ self: true, from: 0, to: 0, dashed: true, text: 'employees.manager_id → employees (nullable)' });
    // Starts and ends on the node's right side; its label fits in the picture.
    expect(loop.path).toMatch(new RegExp(`^M ${node.x + 176} .* ${node.x + 176} [\\d.]+$`));
    expect(loop.labelX + 'manager_id'.length * 6).toBeLessThanOrEqual(graph.viewBox.x + graph.viewBox.width);
  });

  it('has nothing to draw for an empty document', () => {
    expect(relationshipGraph({ tables: [] })).toMatchObject({ nodes: [], edges: [] });
  });
});
