/**
 * Optimal one-to-one assignment (Hungarian algorithm, O(n³)): each target field gets at most one
 * candidate and each candidate fills at most one field, maximising the total score. Greedy picking
 * goes wrong when two fields want the same heading; this does not.
 */
export function assign(scores: number[][], minScore: number): Array<number | null> {
  const rows = scores.length;
  const cols = rows ? Math.max(...scores.map((r) => r.length)) : 0;
  if (rows === 0 || cols === 0) return new Array(rows).fill(null);
  const n = Math.max(rows, cols);
  // Cost matrix for minimisation; pairs below the minimum are as good as leaving the field empty.
  const cost: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    for (let j = 0; j < n; j++) {
      const s = i < rows && j < cols ? (scores[i][j] ?? 0) : 0;
      row.push(s >= minScore ? -s : 0);
    }
    cost.push(row);
  }
  const u = new Array(n + 1).fill(0);
  const v = new Array(n + 1).fill(0);
  const p = new Array(n + 1).fill(0);
  const way = new Array(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array(n + 1).fill(Infinity);
    const used = new Array(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0);
  }
  const result: Array<number | null> = new Array(rows).fill(null);
  for (let j = 1; j <= n; j++) {
    const i = p[j] - 1;
    const col = j - 1;
    if (i >= 0 && i < rows && col < cols && (scores[i][col] ?? 0) >= minScore) result[i] = col;
  }
  return result;
}
