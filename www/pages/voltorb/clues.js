// Parsing the clue inputs of the Voltorb page: "5 1", "5,1", "5/1" or "51" (sum then Voltorbs).

/** Parses one clue text into [sum, voltorbs], or returns {error} naming the problem. */
export function parseClue(text) {
  const t = text.trim();
  if (t === '') return { empty: true };
  let m = t.match(/^(\d{1,2})\s*[\s,/;:-]\s*(\d)$/);
  if (!m && /^\d{2}$/.test(t)) m = [t, t[0], t[1]];
  if (!m && /^\d{3}$/.test(t)) m = [t, t.slice(0, 2), t[2]];
  if (!m) return { error: `"${t}" is not "sum Voltorbs", e.g. "5 1"` };
  const sum = Number(m[1]);
  const v = Number(m[2]);
  if (v > 5) return { error: `${v} Voltorbs: a line has only five cards` };
  const lo = 5 - v;
  const hi = 3 * (5 - v);
  if (sum < lo || sum > hi) return { error: `sum ${sum} is impossible with ${v} Voltorbs (${lo}–${hi})` };
  return { value: [sum, v] };
}

/**
 * Splits a pasted list of ten clues into ten texts for `parseClue`: ten clues apart by commas,
 * semicolons or lines ("5 1, 4 2, …" or "51, 42, …", as a clue box takes them), or else twenty
 * numbers, two a clue. Returns {error} when it is neither.
 */
export function splitClueList(text) {
  const groups = text.split(/[,;\n]+/).map((g) => g.trim()).filter(Boolean);
  if (groups.length === 10) return groups;
  if (/(^|[^\d])-\s*\d/.test(text)) return { error: 'A clue has no negative numbers: give each as "sum Voltorbs", e.g. 5 1.' };
  const nums = text.match(/\d+/g) || [];
  if (nums.length === 20 && !/[^\d\s,;/:]/.test(text)) {
    const out = [];
    for (let i = 0; i < 20; i += 2) out.push(`${nums[i]} ${nums[i + 1]}`);
    return out;
  }
  return { error: `Give ten clues (rows 1–5, then columns 1–5), apart by commas: "5 1, 4 2, …" or "51, 42, …"; this has ${groups.length === 1 ? 'one' : groups.length}.` };
}
