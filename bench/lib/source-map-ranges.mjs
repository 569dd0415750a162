import { readFileSync } from 'node:fs';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

/**
 * The generated code's ranges, each with the source it came from, read from `mapFile` (the bundle's
 * source map): a mapping runs to the next one on its line, or to the end of its line. Offsets are
 * into `code`, so a bench can count a module's bytes (bench:js-packages) or how much of them ran
 * (bench:coverage).
 */
export function sourceMappedRanges(code, mapFile) {
  const lineStarts = [0];
  for (let at = 0; at < code.length; at++) if (code[at] === '\n') lineStarts.push(at + 1);
  const mappings = [];
  eachMapping(new TraceMap(readFileSync(mapFile, 'utf8')), (mapping) => mappings.push(mapping));
  return mappings.map((mapping, index) => {
    const next = mappings[index + 1];
    const start = lineStarts[mapping.generatedLine - 1] + mapping.generatedColumn;
    const end =
      next && next.generatedLine === mapping.generatedLine
        ? lineStarts[next.generatedLine - 1] + next.generatedColumn
        : (lineStarts[mapping.generatedLine] ?? code.length + 1) - 1;
    return { source: mapping.source, start, end };
  });
}
