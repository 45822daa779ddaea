/**
 * The brand's drawn language: contour lines, as on a survey map of a ridge. Pure geometry, the
 * same on every render, so the server draws it inline (no image to fetch) and the share picture
 * (scripts/brand-images.ts) uses the same lines.
 */
export interface Summit {
  /** Centre, as fractions of the drawing's width and height. */
  x: number;
  y: number;
  /** The outermost ring's radius, as a fraction of the drawing's height. */
  reach: number;
  rings: number;
  /** Turns the ring's wobble so no two summits look alike. */
  phase: number;
}

/** Two summits and the saddle between them: the ridge of the firm's name. */
export const RIDGE: readonly Summit[] = [
  { x: 0.72, y: 0.42, reach: 0.95, rings: 11, phase: 0.6 },
  { x: 0.36, y: 0.78, reach: 0.7, rings: 8, phase: 2.1 },
];

const round = (n: number) => Math.round(n);

// One closed ring as a smooth path through `points` (Catmull-Rom as cubic Béziers).
function smoothRing(points: [number, number][]): string {
  const n = points.length;
  const at = (i: number) => points[((i % n) + n) % n]!;
  let d = `M${round(at(0)[0])} ${round(at(0)[1])}`;
  for (let i = 0; i < n; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${round(c1[0]!)} ${round(c1[1]!)} ${round(c2[0]!)} ${round(c2[1]!)} ${round(p2[0])} ${round(p2[1])}`;
  }
  return `${d}Z`;
}

/** The ridge's rings by drawing size: every page banner draws the same few, so each is drawn once. */
const ridgeDrawings = new Map<string, readonly string[]>();

/** The rings of each summit on a `width` × `height` drawing, outermost first. */
export function contourPaths(
  width: number,
  height: number,
  summits: readonly Summit[] = RIDGE,
): readonly string[] {
  if (summits !== RIDGE) return drawRings(width, height, summits);
  const key = `${width}x${height}`;
  let paths = ridgeDrawings.get(key);
  if (paths === undefined) {
    paths = Object.freeze(drawRings(width, height, summits));
    if (ridgeDrawings.size < 16) ridgeDrawings.set(key, paths);
  }
  return paths;
}

function drawRings(width: number, height: number, summits: readonly Summit[]): string[] {
  const paths: string[] = [];
  for (const s of summits) {
    for (let ring = s.rings; ring >= 1; ring--) {
      const radius = (s.reach * height * ring) / s.rings;
      const points: [number, number][] = [];
      for (let k = 0; k < 18; k++) {
        const angle = (k / 18) * Math.PI * 2;
        // The wobble grows with the ring, as terrain loosens away from a summit.
        const wobble =
          1 +
          (0.05 + 0.1 * (ring / s.rings)) * Math.sin(3 * angle + s.phase + ring * 0.35) +
          0.05 * Math.sin(5 * angle - s.phase * 2 + ring * 0.2);
        points.push([
          s.x * width + Math.cos(angle) * radius * wobble * 1.35,
          s.y * height + Math.sin(angle) * radius * wobble,
        ]);
      }
      paths.push(smoothRing(points));
    }
  }
  return paths;
}
