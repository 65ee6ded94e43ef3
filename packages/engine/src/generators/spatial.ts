/**
 * Spatial values as their text: WKT (`POINT(-73.985 40.758)`), or EWKT with
 * the column's SRID (`SRID=4326;POINT(...)`, what a PostGIS
 * `geometry(Point,4326)` column demands). Coordinates are longitude then
 * latitude, within a box the options narrow (the whole world by default),
 * so a `geography` accepts them (SRID 3857, Web Mercator, gets the same
 * places in metres). Polygons are small closed rings around a
 * point, vertices in counter-clockwise order at increasing angles: simple
 * and valid. MySQL's SQL reads the text through ST_GeomFromText.
 */
import type { GeneratorDef } from './types';
import type { CellRng } from '../random/cell-rng';
import { opt } from './helpers';

export const GEOMETRY_SHAPES = ['point', 'linestring', 'polygon', 'multipoint', 'multipolygon'] as const;
export type GeometryShape = (typeof GEOMETRY_SHAPES)[number];
export const SRID_MAX = 999_999;
const POSTGIS_NAMES: Record<GeometryShape, string> = { point: 'Point', linestring: 'LineString', polygon: 'Polygon', multipoint: 'MultiPoint', multipolygon: 'MultiPolygon' };

/** Degrees kept: six decimals are about 0.1 m. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

interface Box {
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

const between = (rng: CellRng, min: number, max: number) => min + rng.float53() * (max - min);
type Pair = (lon: number, lat: number) => string;
const degreesPair: Pair = (lon, lat) => `${round6(lon)} ${round6(lat)}`;

/** Web Mercator (SRID 3857) counts metres: the same places, projected (centimetres kept). */
const MERCATOR_R = 6378137;
const round2 = (n: number) => Math.round(n * 100) / 100;
const mercatorPair: Pair = (lon, lat) => `${round2((MERCATOR_R * lon * Math.PI) / 180)} ${round2(MERCATOR_R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)))}`;
/** Web Mercator ends at ±85.05° of latitude. */
const MERCATOR_LAT = 85.05;

/** A ring of 4–8 vertices around a centre, at most `radius` degrees away, inside the box; closed (last = first). */
function ring(rng: CellRng, box: Box, radius: number, pair: Pair): string {
  const r = Math.min(radius, (box.maxLon - box.minLon) / 2, (box.maxLat - box.minLat) / 2);
  const lon = between(rng, box.minLon + r, box.maxLon - r);
  const lat = between(rng, box.minLat + r, box.maxLat - r);
  const n = 4 + rng.below(5);
  const points: string[] = [];
  for (let i = 0; i < n; i++) {
    // Angles strictly increase within their own slice of the circle: the ring never crosses itself.
    const angle = ((i + 0.15 + 0.7 * rng.float()) / n) * 2 * Math.PI;
    const d = r * (0.4 + 0.6 * rng.float());
    points.push(pair(lon + d * Math.cos(angle), lat + d * Math.sin(angle)));
  }
  points.push(points[0]);
  return `((${points.join(',')}))`;
}

function shapeText(rng: CellRng, shape: GeometryShape, box: Box, radius: number, pair: Pair): string {
  const point = () => pair(between(rng, box.minLon, box.maxLon), between(rng, box.minLat, box.maxLat));
  switch (shape) {
    case 'point':
      return `POINT(${point()})`;
    case 'multipoint':
      return `MULTIPOINT(${Array.from({ length: 2 + rng.below(3) }, () => `(${point()})`).join(',')})`;
    case 'linestring':
      return `LINESTRING(${Array.from({ length: 2 + rng.below(4) }, point).join(',')})`;
    case 'polygon':
      return `POLYGON${ring(rng, box, radius, pair)}`;
    case 'multipolygon': {
      // Side by side, each in its own slice of the box: the parts never overlap (a valid multipolygon).
      const n = 1 + rng.below(3);
      const width = (box.maxLon - box.minLon) / n;
      return `MULTIPOLYGON(${Array.from({ length: n }, (_, i) => ring(rng, { ...box, minLon: box.minLon + i * width, maxLon: box.minLon + (i + 1) * width }, radius, pair)).join(',')})`;
    }
  }
}

/** `SRID=4326;POINT(1 2)` → [4326, `POINT(1 2)`]; plain WKT → [undefined, text]. */
export function splitEwkt(text: string): [number | undefined, string] {
  const m = /^SRID=(\d+);(.*)$/s.exec(text);
  return m ? [Number(m[1]), m[2]] : [undefined, text];
}

export const spatialGenerators: GeneratorDef[] = [
  {
    id: 'geometry',
    category: 'location',
    description: 'A spatial value as WKT, or EWKT with `srid` (PostGIS): a point (default), line, polygon, multipoint or multipolygon in longitude/latitude within the box of `minLon`…`maxLat`',
    options: {
      shape: opt.oneOf(GEOMETRY_SHAPES, { description: 'point (default), linestring, polygon, multipoint or multipolygon' }),
      srid: opt.int({ minimum: 0, maximum: SRID_MAX, description: 'Spatial reference id written as EWKT (SRID=4326;…); none: plain WKT' }),
      minLon: opt.num({ minimum: -180, maximum: 180 }),
      maxLon: opt.num({ minimum: -180, maximum: 180 }),
      minLat: opt.num({ minimum: -90, maximum: 90 }),
      maxLat: opt.num({ minimum: -90, maximum: 90 }),
      radius: opt.num({ exclusiveMinimum: 0, maximum: 10, description: 'Largest distance of a polygon vertex from its centre, in degrees (default 0.05)' }),
    },
    output: 'string',
    sqlTypeFor: (o) => {
      const shape = o.shape ?? 'point';
      return { postgres: `geometry(${POSTGIS_NAMES[shape as GeometryShape] ?? 'Point'}${o.srid ? `,${o.srid}` : ''})`, mysql: shape === 'point' ? 'POINT' : 'GEOMETRY', sqlite: 'TEXT' };
    },
    plainText: (o) => (o.shape ?? 'point') === 'point',
    create: (o) => {
      const shape: GeometryShape = o.shape ?? 'point';
      const lo = (a: number | undefined, fallback: number) => (typeof a === 'number' ? a : fallback);
      const minLon = lo(o.minLon, -180);
      const mercator = o.srid === 3857;
      const limit = mercator ? MERCATOR_LAT : 90;
      const minLat = Math.max(-limit, lo(o.minLat, -90));
      const box: Box = { minLon, maxLon: Math.max(minLon, lo(o.maxLon, 180)), minLat, maxLat: Math.max(minLat, Math.min(limit, lo(o.maxLat, 90))) };
      const pair = mercator ? mercatorPair : degreesPair;
      const radius = o.radius ?? 0.05;
      const prefix = typeof o.srid === 'number' && o.srid > 0 ? `SRID=${o.srid};` : '';
      return (rng) => prefix + shapeText(rng, shape, box, radius, pair);
    },
    // MySQL and MariaDB store geometry in a binary form: the text goes through ST_GeomFromText. An SRID is passed only where
    // the column declares one (MySQL 8's `POINT SRID 4326`, which MariaDB lacks), with the axis order said: MySQL reads 4326 latitude first.
    sqlLiteral: (v, dialect, columnType, quote) => {
      if (dialect !== 'mysql' || typeof v !== 'string') return undefined;
      const [srid, wkt] = splitEwkt(v);
      return srid !== undefined && /\bsrid\s+\d+/i.test(columnType) ? `ST_GeomFromText(${quote(wkt)}, ${srid}, 'axis-order=long-lat')` : `ST_GeomFromText(${quote(wkt)})`;
    },
  },
];
