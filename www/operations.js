// Every operation the solver workers understand, by tool. The engine builds its typed facade
// (`engine.sudoku.solve(args, opts)`) from this list, so a new wasm export `tool_verb` becomes
// callable as `engine.tool.verb` by adding one name here. README's worker-protocol table says
// what each one takes and returns.
export const OPERATIONS = {
  sudoku: ['solve', 'count', 'check', 'hint', 'steps', 'rate', 'rateBegin', 'rateResume', 'nestedShare', 'generate', 'benchSolve', 'benchRate'],
  fill: ['load', 'apply', 'regions', 'patch', 'gaps', 'bench'],
  voltorb: ['analyze', 'searchShare', 'generate', 'bench'],
  poly: ['solve', 'describe', 'estimate', 'library', 'bench'],
  selftest: ['panic', 'spin'],
};
