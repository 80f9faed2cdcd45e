export interface TextPosition {
  line: number;
  column: number;
}

/** Maps character offsets of a text to 1-based lines and columns; the newline table is built on first use. */
export function lineIndex(text: string): (offset: number) => TextPosition {
  let lineStarts: number[] | undefined;
  return (offset) => {
    lineStarts ??= findLineStarts(text);
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
}

function findLineStarts(text: string): number[] {
  const starts = [0];
  for (
    let newline = text.indexOf("\n");
    newline !== -1;
    newline = text.indexOf("\n", newline + 1)
  ) {
    starts.push(newline + 1);
  }
  return starts;
}
